// Putto: the table row; a card that can both capture and be played asks which; sweeps and
// captured cards by side; the deal's breakdown (card points, sweeps, primiera).
import { cardNames } from '../actions.js';
import { cardEl } from '../cards.js';
import { lastMoveText } from '../lastmove.js';
import { h } from '../dom.js';
import { num, sentenceCase, t, tn } from '../i18n.js';
import { simpleHand, simpleHandKey } from './common.js';

const SUITS = { o: 'coins', c: 'cups', e: 'swords', b: 'clubs' };

function sideOf(view, seat) {
  return view.sides.findIndex((side) => side.includes(seat));
}

export default {
  // a card played stays on the table (lastmove.js words the other verbs)
  sentences: { play: ['You laid {card} on the table.', '{name} laid {card} on the table.'] },

  onEvents(ctx, events) {
    const capture = events.find((e) => e.kind === 'capture');
    // the memory rule: the last capture stays in view until the next one
    if (capture) ctx.ui.lastCapture = capture;
    ctx.ui.choice = null;
  },

  // the log's memory rule (table/panel.js): the moves since the last capture
  memory(entries) {
    let from = 0;
    entries.forEach((entry, i) => { if (entry.action.startsWith('capture')) from = i; });
    return entries.slice(from);
  },

  // the scoreboard's figures of this deal (table/scores.js): a side's sweeps so far and, where
  // partners pool their captures (PT-3), the side's captured cards: said once, beside the
  // partners' names, and not on each partner's plate (seatExtra)
  scoreNow(ctx, side, i) {
    const figures = [{ label: t('sweeps'), value: (ctx.view.sweeps || [])[i] || 0 }];
    if (side.length > 1) figures.push({ label: t('captured'), value: (ctx.view.captured || [])[i] || 0 });
    return figures;
  },

  centre(ctx) {
    const view = ctx.view;
    const parts = [h('p', { class: 'stock' }, t('Stock: {n}', { n: view.stock }))];
    parts.push(h('div', { class: 'table-row', role: 'group', 'aria-label': t('Cards on the table') },
      view.table.length ? view.table.map((card) => cardEl(ctx.deck, card))
        : h('p', { class: 'empty' }, t('The table is empty.'))));
    const capture = ctx.ui.lastCapture;
    if (capture) {
      // the last capture stays in view (the memory rule), worded as the last-move line and log
      const mine = capture.seat === ctx.me;
      parts.push(h('p', { class: 'capture-note', role: 'status' },
        capture.sweep
          ? sentenceCase(t('{name} swept the table with {card}!', { name: ctx.nameOf(capture.seat), card: cardNames(ctx.deck, [capture.card]) }))
          : lastMoveText({ deck: ctx.deck, last: { action: `capture ${capture.card}` },
            name: ctx.nameOf(capture.seat), mine, events: [capture] }),
        h('span', { class: 'cards' }, (capture.taken || []).map((c) => cardEl(ctx.deck, c, { small: true })))));
    }
    const choice = ctx.ui.choice;
    if (choice && ctx.myTurn) {
      parts.push(h('div', { class: 'choice', role: 'group', 'aria-label': t('Capture or play?') },
        h('p', {}, t('Capture or play?')),
        choice.options.map((text) => h('button', {
          type: 'button', class: 'big', id: `choose-${text.split(' ')[0]}`, onclick: () => ctx.act(text),
        }, text.startsWith('capture') ? t('Capture with {card}', { card: cardNames(ctx.deck, [choice.card]) })
          : t('Play {card} onto the table', { card: cardNames(ctx.deck, [choice.card]) }))),
        h('button', { type: 'button', onclick: () => { ctx.ui.choice = null; ctx.render(); } }, t('Cancel'))));
    }
    return parts;
  },

  // a player alone: their own captured cards and sweeps on their plate; partners' pooled
  // figures are their side's, in the scoreboard (scoreNow)
  seatExtra(ctx, seat) {
    const view = ctx.view;
    const side = sideOf(view, seat);
    if (side < 0 || view.sides[side].length > 1) return null;
    // two facts, each kept on one line (a narrow side column wraps between them)
    return h('p', { class: 'points-line facts' },
      h('span', {}, t('Captured: {n}', { n: view.captured[side] })), ' ',
      h('span', {}, t('Sweeps: {n}', { n: view.sweeps[side] })));
  },

  handKey: simpleHandKey,

  hand(ctx) {
    return simpleHand(ctx, (card, options) => {
      ctx.ui.choice = { card, options };
      ctx.render();
      const first = document.getElementById('choose-capture');
      if (first) first.focus();
    });
  },

  // The deal's breakdown: every part of each side's points (PT-16), so that the sum is seen, and
  // where the cards left on the table went (PT-15: they count in the last capturer's card
  // points; nothing said so).
  breakdown(ctx, outcome) {
    const details = outcome.details || {};
    const seats = ctx.seats_of_deal || [];
    const sweepPoints = (i) => (details.sweep_points || [])[i] || 0; // counted by the server
    const suits = (i) => (details.primiera || [])[i] || [];
    const rows = outcome.sides.map((side, i) => h('tr', {},
      h('td', {}, ctx.sideLabel(side) || String(seats[i])),
      h('td', {}, num((details.card_points || [])[i] ?? '')),
      h('td', {}, num(sweepPoints(i))),
      h('td', {}, num(suits(i).length), suits(i).length ? ` (${suits(i).map((s) => t(SUITS[s] || s)).join(', ')})` : ''),
      h('td', { class: 'total' }, num(outcome.points[i]))));
    const left = details.leftover || [];
    const to = details.leftover_to;
    return h('div', {},
      h('div', { class: 'scroll-x', tabindex: '0' }, h('table', { class: 'breakdown' },
        h('thead', {}, h('tr', {}, h('th', {}, t('Side')), h('th', {}, t('Card points')),
          h('th', {}, t('Sweeps (3 points each)')), h('th', {}, t('Primiera (1 point a suit)')),
          h('th', {}, t('Total')))),
        h('tbody', {}, rows))),
      left.length && to !== null && to !== undefined ? h('p', { class: 'leftover' },
        sentenceCase(tn('The card left on the table ({cards}) went to {name}, the last to capture.',
          'The {n} cards left on the table ({cards}) went to {name}, the last to capture.', left.length,
          { n: left.length, cards: cardNames(ctx.deck, left), name: ctx.nameOf(to) }))) : null);
  },

  yourTurn(ctx) {
    return ctx.ui.choice ? t('Capture or play?') : t('Your turn: play or capture with a card.');
  },
};
