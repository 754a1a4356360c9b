// The table's dialogs: the deal-end summary with Continue, the match end with its replays and
// "Play again", the decision between deals; a modal dialog holds the focus while it is open.
import { describe } from '../actions.js';
import { h } from '../dom.js';
import { num, sentenceCase, t } from '../i18n.js';
import { act, send } from './connection.js';
import { matchEndExtras } from './hooks.js';
import { placings, scoreSheet } from './scores.js';
import { S, app, code, context, gameModule, render, sideLabel } from './state.js';
import { rematchArea } from '../friends.js'; // friends

// A modal dialog holds the focus: it takes it when it opens, and Tab cycles inside it.
export function focusDialog() {
  const dialog = app.querySelector('[role=dialog][aria-modal=true]');
  if (!dialog || dialog.contains(document.activeElement)) return;
  const first = dialog.querySelector('[autofocus]') || focusables(dialog)[0];
  if (first) first.focus({ preventScroll: true });
}

function focusables(root) {
  return [...root.querySelectorAll('a[href], button:not([disabled]), input, select, textarea')];
}

export function trapTab(event) {
  const dialog = app.querySelector('[role=dialog][aria-modal=true]');
  if (!dialog) return false;
  const items = focusables(dialog);
  if (!items.length) return false;
  const at = items.indexOf(document.activeElement);
  let next = null;
  if (event.shiftKey && at <= 0) next = items[items.length - 1];
  else if (!event.shiftKey && (at === -1 || at === items.length - 1)) next = items[0];
  if (next) { next.focus(); event.preventDefault(); }
  return true;
}

// A decision between deals (Pontinho's buy-back): the match's legal choices as buttons.
export function decision(ctx) {
  const view = ctx.state.decision_view || {};
  const total = (view.totals || [])[S.seat];
  return h('div', { class: 'decision', role: 'group', 'aria-labelledby': 'decision-title' },
    h('p', { id: 'decision-title' }, h('b', {}, t('Decide before the next deal:')), ' ',
      total !== undefined ? t('your total is {total}.', { total }) : ''),
    ctx.legal.map((text) => h('button', { type: 'button', class: 'big', id: `decide-${text}`,
      onclick: () => { S.dealEnd = null; act(text); } }, sentenceCase(describe(ctx.deck, text)))));
}

function pointsTable(outcome, totals) {
  const sides = outcome.sides;
  const seats = (S.dealEnd && S.dealEnd.seats_of_deal) || (S.state && S.state.seats_of_deal) || [];
  const sideName = (side) => sideLabel(side.map((s) => seats[s] ?? s));
  return h('table', { class: 'points' },
    h('thead', {}, h('tr', {}, h('th', {}, t('Player')), h('th', {}, t('Points')),
      totals ? h('th', {}, t('Total')) : null)),
    h('tbody', {}, sides.map((side, i) => h('tr', { class: outcome.winners.some((w) => side.includes(w)) ? 'winner' : '' },
      h('td', {}, sideName(side)), h('td', {}, num(outcome.points[i])),
      totals ? h('td', {}, num(totals[i] ?? '')) : null))));
}

// A deal's points, the game's breakdown of them, and links to its replay and record.
function dealSummary(end) {
  const outcome = end.outcome;
  const module = gameModule();
  return h('div', { class: 'deal-summary' },
    // after the match's points, the last deal's own heading only when there were several
    S.matchEnd && end.deal > 1 ? h('h3', {}, t('Deal {n} is over', { n: end.deal })) : null,
    outcome && !S.matchEnd ? pointsTable(outcome, module.totalsBySide ? module.totalsBySide(end) : end.totals) : null,
    outcome && module.breakdown
      ? module.breakdown({ ...context(), seats_of_deal: end.seats_of_deal }, outcome) : null,
    h('p', {}, h('a', { href: `/replay/${code}/${end.deal}` }, t('Replay this deal')), ' · ',
      h('a', { href: end.record, download: `${code}-deal-${end.deal}.json` }, t('Download its record'))));
}

// Ready for the next deal: the server deals it once every person at the table is.
// A spectator's dialog only closes: nobody waits for them.
export function continueDeal(deal) {
  if (S.seat !== null) send({ type: 'continue', deal });
  S.dealEnd = null;
  render();
}

export function dealEndDialog() {
  const end = S.dealEnd;
  const close = () => continueDeal(end.deal);
  return h('div', { class: 'overlay' }, h('section', {
    class: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'deal-end-title',
  },
  h('h2', { id: 'deal-end-title' }, t('Deal {n} is over', { n: end.deal })),
  dealSummary(end),
  S.state && S.state.phase === 'decision' && context().myTurn ? decision(context()) : null,
  h('button', { type: 'button', class: 'big', id: 'continue', onclick: close, autofocus: true },
    S.seat === null ? t('Close') : t('Continue'))));
}


export function matchEndDialog() {
  const outcome = S.matchEnd.outcome;
  const deals = (S.state && S.state.deal) || 0;
  // each name stands alone after the colon, as in the placings: a capital first ('Winner: You')
  const winners = outcome ? outcome.winners.map((s) => sideLabel([s])).join(', ') : '';
  return h('div', { class: 'overlay' }, h('section', {
    class: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'match-end-title',
  },
  h('h2', { id: 'match-end-title' }, t('The match is over')),
  outcome ? h('p', { class: 'winners' }, t('Winner: {names}', { names: winners })) : null,
  outcome ? placings(outcome, S.info.game) : null,
  deals > 1 ? h('details', { class: 'sheet' }, h('summary', {}, t('Score sheet')), scoreSheet()) : null,
  S.dealEnd ? dealSummary(S.dealEnd) : null,
  h('p', {}, t('Replays:'), ' ', Array.from({ length: deals }, (_, i) => [
    h('a', { href: `/replay/${code}/${i + 1}` }, t('deal {n}', { n: i + 1 })), ' ']),
  ' · ', h('a', { href: `/api/tables/${code}/record`, download: `${code}.json` },
    t('Download the match record'))),
  // the match-end row: hooks (the friends' rematch, hooks.js) go beside "Play again"
  rematchArea(), // friends: play again with the same people (friends.js)
  matchEndExtras(S)));
}
