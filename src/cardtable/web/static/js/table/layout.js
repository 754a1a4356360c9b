// The table's layout: the heading, the felt (status line, last move, the seats, the centre the
// game module draws, my hand and the action bar, the hint) and the pieces of each seat.
import { describe } from '../actions.js';
import { turnTimerDeadline } from '../clock.js';
import { h } from '../dom.js';
import { lang, sentenceCase, t, tn } from '../i18n.js';
import { presetText } from '../presets.js';
import { send } from './connection.js';
import { continueDeal, decision } from './dialogs.js';
import { headerExtras } from './hooks.js';
import { lastMoveLine } from './panel.js';
import { plate, ring } from './plates.js';
import { scoreboard } from './scores.js';
import { muted, muteToggle } from './sound.js';
import { idOf, keep, place, same, shell } from './keep.js';
import { S, code, context, gameModule, nameOfTableSeat, render } from './state.js';
import { copyButton, friendsKey, leaveControl } from '../friends.js'; // friends
import { passesLeft, titleOf } from '../cards.js';

// The header's link to this table's rules sheet, named by its rule set ("House rules: Scopa
// style", or "Custom"), in the words of the table's settings (presets.js) once /api/games has
// answered. The sheet is this table's own (its players, options and rule set, from the
// server: /t/CODE/rules), in the page's language.
function rulesLink(game) {
  const info = (S.games || []).find((g) => g.game === game);
  const text = info && S.info.preset
    ? t('House rules: {name}', { name: presetText(info, S.info.preset).title }) : t('House rules');
  return h('a', { href: `/t/${code}/rules?lang=${encodeURIComponent(lang)}`, target: '_blank',
    rel: 'noopener', id: 'rules-link', title: t('The rules of this table') }, text);
}

export function header() {
  const state = S.state || {};
  const game = S.info.game;
  const box = shell('table-head', () => h('div', { class: 'table-head' }));
  return place(box, [
    same('head-title', h('h1', {}, t(titleOf(game)))),
    same('head-code', h('span', { class: 'code' }, t('Table {code}', { code }))),
    state.deal ? same('head-deal', h('span', { class: 'deal' }, t('Deal {n}', { n: state.deal }))) : null,
    S.seat === null ? same('head-watching', h('span', { class: 'badge' }, t('watching'))) : null,
    // friends: the share link, leaving the table (their state is in friendsKey)
    keep('head-friends', [friendsKey(), S.seat, S.info.status, S.seats.map((s) => s.kind)],
      () => h('span', { class: 'head-friends' }, copyButton(), leaveControl())),
    same('head-how', h('a', { href: `/how/${game}?lang=${encodeURIComponent(lang)}`, target: '_blank',
      rel: 'noopener' }, t('How to play'))),
    same('head-rules', rulesLink(game)),
    keep('head-mute', muted(), () => muteToggle(render)),
    headerExtras(S), // others' items: built at every redraw (their inputs are theirs)
  ]);
}

function statusLine(ctx) {
  const { state } = ctx;
  let text;
  const pause = state.phase === 'pause' ? state.pause : null;
  if (state.phase === 'over' || S.info.status === 'finished') text = t('The match is over.');
  else if (pause && pause.waiting.includes(S.seat)) {
    text = t('Deal {n} is over. Press Continue for the next deal.', { n: pause.deal });
  } else if (pause) {
    text = t('Waiting for {names} to continue.',
      { names: pause.waiting.map((seat) => nameOfTableSeat(seat)).join(', ') });
  }
  else if (ctx.myTurn) text = ctx.module.yourTurn ? ctx.module.yourTurn(ctx) : t('Your turn.');
  else if (state.forced && state.to_move === S.seat) {
    // one legal choice: the server makes it in a moment, nothing to ask (docs/protocol.md)
    text = t('Your only choice: {action}. It is made for you.',
      { action: describe(ctx.deck, state.forced) });
  }
  else if (state.to_move !== null && state.to_move !== undefined) {
    text = sentenceCase(t('{name} to play.', { name: nameOfTableSeat(state.to_move) }));
  } else text = '';
  const line = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' }, text);
  // the game clock's end is shown on the plate (clock.js): here only a turn timer's, sooner
  const deadline = pause ? pause.deadline : turnTimerDeadline(state);
  if (deadline && (pause || state.to_move !== null)) {
    const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
    line.append(' ', h('span', { class: 'timer', dataset: { deadline } },
      t('{n} s left', { n: left })));
  }
  return line;
}

// What a game lays out below the seats (Pontinho's melds), marked so that the page can keep
// it in view above the dock at my turn (table.js showCentre).
function markedBelow(el) {
  if (el instanceof Element) el.classList.add('below');
  return el;
}

export function tableArea() {
  const ctx = context();
  ctx.module = gameModule();
  const area = shell('felt', () => h('section', { class: 'felt', 'aria-label': t('The table') }));
  const direction = same('direction', h('p', { class: 'direction' },
    passesLeft(ctx.game) ? t('Play passes to the left ↻') : t('Play passes to the right ↺')));
  const centre = place(shell('centre', () => h('div', { class: 'centre' })),
    [ctx.module.centre(ctx)].flat().map((part, i) => same(`centre-${i}`, part)));
  return place(area, [
    same('status', statusLine(ctx)),
    ctx.state.last ? same('last-move', lastMoveLine(ctx)) : null,
    same('scoreboard', scoreboard(ctx)),
    ring(ctx, [direction, centre]),
    ctx.module.below ? same('below', markedBelow(ctx.module.below(ctx))) : null,
    // the hint before the dock: after it, it lay below the dock's place, below the fold
    S.hint && S.state && S.hint.version === S.state.version ? same('hint', hintBox(ctx)) : null,
    dock(ctx),
    ctx.me !== null && ctx.me !== undefined
      ? same('shortcuts', h('p', { class: 'shortcuts' }, t('Keys: Tab moves between cards, Enter plays the card, 1–9 pick a card, H asks for a hint.')))
      : null,
  ]);
}

// My seat, my hand and the action bar: docked at the bottom of the screen. The hand is kept
// while what it shows is the same (the game module's handKey); the bar is small, built anew.
function dock(ctx) {
  const box = shell('dock', () => h('div', { class: 'dock' }));
  let mine = null;
  if (ctx.me !== null && ctx.me !== undefined) {
    const key = ctx.module.handKey ? [ctx.module.handKey(ctx), S.moves || 0, idOf(S.ui)] : null;
    const hand = keep('hand', key, () => ctx.module.hand(ctx));
    mine = plate(ctx, ctx.me, hand);
  } else if (S.seat !== null && S.seat !== undefined) {
    mine = same('not-dealt', h('p', { class: 'status' }, t('You are not dealt in this deal.')));
  }
  const buttons = ctx.module.actions ? ctx.module.actions(ctx) : [];
  const bar = h('div', { class: 'actions', role: 'group', 'aria-label': t('Actions') }, buttons);
  // why the server refused the last move (say, a meld), where the moves are
  if (S.refusal && ctx.myTurn) bar.append(h('p', { class: 'why-not', role: 'status' }, S.refusal));
  if (ctx.state.phase === 'decision' && ctx.myTurn) bar.append(decision(ctx));
  const pause = ctx.state.phase === 'pause' ? ctx.state.pause : null;
  if (pause && pause.waiting.includes(S.seat) && !(S.dealEnd && S.dealEndOpen)) {
    bar.append(h('button', { type: 'button', class: 'big', id: 'continue-next',
      onclick: () => continueDeal(pause.deal) }, t('Continue')));
  }
  if (S.info.hints && ctx.myTurn && ctx.state.phase === 'deal') {
    bar.append(h('button', { type: 'button', id: 'hint', accesskey: 'h',
      onclick: () => send({ type: 'hint', version: ctx.state.version }) }, t('Hint (H)')));
  }
  return place(box, [
    ctx.module.dockExtra ? same('dock-extra', ctx.module.dockExtra(ctx)) : null,
    mine,
    bar,
  ]);
}

// The hint in plain words: what the strongest bot would do, and how it decided (it imagined
// ways the deal could go on and scored each move 0 to 100), the runners-up after it.
function hintBox(ctx) {
  const hint = S.hint;
  const best = hint.alternatives[0];
  const parts = [h('strong', {}, t('Hint')), ' ',
    t('The strongest bot would {action}.', { action: describe(ctx.deck, hint.action) })];
  // the numbers only when the bot searched (a forced move, or no time at all, has none)
  if (best && hint.iterations > 0 && best.tries > 0) {
    parts.push(' ', tn('It imagined {iterations} way the deal could go on from what you can see; this move did best, scoring {score} out of 100 on average.',
      'It imagined {iterations} ways the deal could go on from what you can see; this move did best, scoring {score} out of 100 on average.',
      hint.iterations, { iterations: hint.iterations, score: best.score }));
  }
  // tabindex: a hint too long for the room above the dock scrolls, by keys too
  return h('div', { class: 'hint', role: 'status', tabindex: '0' }, parts,
    hint.alternatives.length > 1 ? h('ul', {}, hint.alternatives.slice(1).map((a) => h('li', {},
      sentenceCase(t('{action}: {score} out of 100', { action: describe(ctx.deck, a.action), score: a.score }))))) : null);
}
