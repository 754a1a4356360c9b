// Punttu: the trick in the middle, each card under the name of who played it; when a trick is
// complete its winner is shown, and the trick stays in view until the next card is led.
import { cardEl } from '../cards.js';
import { h } from '../dom.js';
import { t, tn } from '../i18n.js';
import { pointsLine, simpleHand, simpleHandKey } from './common.js';

function trickView(ctx, cards, winner, done = false) {
  return h('ol', { class: 'trick', 'aria-label': t('The trick') }, cards.map(([seat, card]) => h('li', {
    class: seat === winner ? 'winning' : '',
  }, cardEl(ctx.deck, card), h('span', { class: 'who' }, (ctx.shortName || ctx.nameOf)(seat)),
  seat === winner ? h('span', { class: 'mark' }, `★ ${done ? t('takes the trick') : t('best so far')}`)
    : null)));
}

export default {
  onEvents(ctx, events) {
    for (const event of events) {
      if (event.kind === 'trick') ctx.ui.lastTrick = event;
      if (event.kind === 'play' && ctx.view.trick && ctx.view.trick.length === 1) ctx.ui.shownTrick = null;
    }
    const done = events.find((e) => e.kind === 'trick');
    if (done) ctx.ui.shownTrick = done;
  },

  // In the replay viewer: the trick just completed, read off the two steps around it (its
  // winner is the seat whose points grew).
  replayMemory(ctx, previous, step) {
    const before = previous.view;
    const after = step.view;
    if (after.trick.length || !before.trick.length) return;
    const card = previous.action.split(' ')[1];
    const cards = [...before.trick, [previous.to_move, card]];
    const gains = after.points.map((p, seat) => p - before.points[seat]);
    const seat = gains.findIndex((g) => g > 0);
    const winner = seat >= 0 ? seat : (after.leader ?? cards[0][0]);
    ctx.ui.shownTrick = { seat: winner, cards, points: Math.max(0, ...gains) };
  },

  // the log's memory rule (table/panel.js): the current and the last trick, or all with
  // show_played (PU-20, PU-21)
  memory(entries, view) {
    if (view.options && view.options.show_played) return null;
    const n = view.players || 1;
    const trick = Math.floor(entries.length / n);
    return entries.filter((_, i) => Math.floor(i / n) >= trick - 1);
  },

  // the scoreboard's "this deal" (table/scores.js): a side's card points so far
  scoreNow(ctx, side) {
    return { label: t('this deal'), value: side.reduce((sum, s) => sum + (ctx.view.points[s] || 0), 0) };
  },

  centre(ctx) {
    const view = ctx.view;
    const parts = [h('p', { class: 'stock' }, t('Stock: {n}', { n: view.stock }),
      ' · ', t('Tricks: {n} of {total}', { n: view.tricks_played, total: view.tricks_total }))];
    const shown = ctx.ui.shownTrick;
    if (view.trick.length === 0 && shown) {
      parts.push(h('p', { class: 'trick-winner', role: 'status' },
        tn('Trick to {name} ({points} point).', 'Trick to {name} ({points} points).', shown.points,
          { name: ctx.nameOf(shown.seat), points: shown.points })));
      parts.push(trickView(ctx, shown.cards, shown.seat, true));
    } else {
      parts.push(trickView(ctx, view.trick, view.winning ? view.winning[0] : null));
      if (ctx.ui.lastTrick) {
        // the trick just taken stays in view, small, until the next one is complete
        const last = ctx.ui.lastTrick;
        parts.push(h('div', { class: 'last-trick' },
          h('span', {}, tn('Last trick: {name} ({points} point)',
            'Last trick: {name} ({points} points)', last.points,
            { name: ctx.nameOf(last.seat), points: last.points })),
          h('span', { class: 'cards' }, last.cards.map(([, card]) => cardEl(ctx.deck, card, { small: true })))));
      }
    }
    if (view.played) {
      // PU-21: a table that shows every played card (for beginners)
      parts.push(h('div', { class: 'played' }, h('span', {}, t('Played cards:')), ' ',
        view.played.length ? h('span', { class: 'cards' }, view.played.map((card) => cardEl(ctx.deck, card, { small: true })))
          : t('none yet')));
    }
    return parts;
  },

  seatExtra(ctx, seat) {
    return pointsLine(t('Points'), ctx.view.points[seat]);
  },

  handKey: simpleHandKey,

  hand(ctx) {
    return simpleHand(ctx, (card, options) => ctx.act(options[0]));
  },

  yourTurn() {
    return t('Your turn: play a card.');
  },
};
