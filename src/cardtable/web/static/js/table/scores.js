// Scores: the running scoreboard always on screen for Punttu and Putto, the score
// sheet of every finished deal, and the placings of the match-end screen. The sheet is kept in
// localStorage by table, from each `deal_end`, so a reload keeps the deals seen before it.
import { lowestWins } from '../cards.js';
import { h } from '../dom.js';
import { num, sentenceCase, t, tn } from '../i18n.js';
import { S, code, sideLabel } from './state.js';

const KEY = `cardtable:deals:${code}`;

export function loadDeals() {
  try {
    const found = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(found) ? found : [];
  } catch (error) {
    return [];
  }
}

// A finished deal for the sheet: its number, the names of each side and its points.
export function noteDeal(end) {
  if (!end || !end.outcome) return;
  const seats = end.seats_of_deal || [];
  const deals = loadDeals().filter((d) => d.deal !== end.deal);
  deals.push({ deal: end.deal, sides: end.outcome.sides.map((side) => side.map((s) => seats[s] ?? s)),
    points: end.outcome.points });
  deals.sort((a, b) => a.deal - b.deal);
  try { localStorage.setItem(KEY, JSON.stringify(deals.slice(-50))); } catch (error) { /* full */ }
}

// A side's figures of this deal in words, from the game module's scoreNow(ctx, side, i): one
// {label, value} or several ("sweeps 1 · captured 12"); the first after the match's total when
// the match has one ("Match 27 · this deal 10"). Each figure is kept whole on a line, the
// line may wrap between them (a long side's name on a phone).
export function dealFigures(ctx, side, i, total = null) {
  const found = [ctx.module.scoreNow(ctx, side, i)].flat();
  const texts = found.map(({ label, value }, k) => {
    const now = { label, now: num(value) };
    if (k > 0) return t('{label} {now}', now);
    return total === null ? sentenceCase(t('{label} {now}', now))
      : t('Match {total} · {label} {now}', { ...now, total: num(total) });
  });
  return h('span', { class: 'figures' },
    texts.map((text, k) => [k ? ' · ' : null, h('span', { class: 'figure' }, text)]));
}

// The strip above the felt: each side's match total and its figures of this deal so far, in
// words ("You: Match 27 · this deal 10"), in one wrapping line (eight seats fit a phone in two
// or three rows). Only what the match has: a one-deal match has no match total beside the
// deal's (it read "Total (this deal) You 0 (10)").
// A game without scoreNow (Pontinho: the totals are on the plates) has no strip.
export function scoreboard(ctx) {
  if (!ctx.module || !ctx.module.scoreNow || !ctx.view.sides || !ctx.view.sides.length) return null;
  const totals = ctx.state.totals || [];
  const seats = ctx.state.seats_of_deal || [];
  const options = (S.info && S.info.options) || {};
  const oneDeal = Number(options.deals) === 1 && !options.target;
  const name = (side) => sideLabel(side.map((s) => seats[s] ?? s), true);
  return h('div', { class: 'scoreboard', role: 'group', 'aria-label': t('Scoreboard') },
    ctx.view.sides.map((side, i) => h('span', { class: `score${side.includes(ctx.me) ? ' mine' : ''}` },
      h('span', { class: 'who' }, name(side)), ': ',
      dealFigures(ctx, side, i, oneDeal ? null : totals[i] ?? 0))));
}

// Every finished deal's points by side, with the totals: the sheet of a pencil-and-paper game.
export function scoreSheet() {
  const deals = loadDeals();
  if (!deals.length) return h('p', { class: 'empty' }, t('No deal is finished yet.'));
  const sides = deals[deals.length - 1].sides;
  const totals = sides.map(() => 0);
  return h('table', { class: 'score-sheet' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('Deal')),
      sides.map((side) => h('th', { scope: 'col' }, sideLabel(side))))),
    h('tbody', {}, deals.map((d) => h('tr', {}, h('th', { scope: 'row' }, num(d.deal)),
      sides.map((_, i) => { totals[i] += d.points[i] || 0; return h('td', {}, num(d.points[i] ?? 0)); })))),
    h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, t('Total')),
      totals.map((total) => h('td', {}, num(total))))));
}

// The match's sides from first to last: winners first, then by points (fewest first where the
// fewest win), each with its place; equal points share a place.
export function placings(outcome, game) {
  const lowest = lowestWins(game); // penalty points (Pontinho): the fewest win
  const rows = outcome.sides.map((side, i) => ({ side, points: outcome.points[i],
    won: outcome.winners.some((w) => side.includes(w)) }));
  rows.sort((a, b) => (b.won - a.won) || (lowest ? a.points - b.points : b.points - a.points));
  let place = 0;
  rows.forEach((row, i) => {
    if (i === 0 || row.won !== rows[i - 1].won || row.points !== rows[i - 1].points) place = i + 1;
    row.place = place;
  });
  // the first three places in gold, silver and bronze (app.css), the number read out by the list
  return h('ol', { class: 'placings' }, rows.map((row) => h('li', {
    class: `${row.won ? 'winner ' : ''}place-${Math.min(row.place, 4)}`, value: String(row.place) },
  h('span', { class: 'medal', 'aria-hidden': 'true' }),
  h('span', { class: 'who' }, sideLabel(row.side)),
  h('span', { class: 'pts' }, tn('{n} point', '{n} points', row.points, { n: num(row.points) })))));
}
