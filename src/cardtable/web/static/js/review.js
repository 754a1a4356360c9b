// The coach's marks in the replay viewer: asked for with a button (a review costs the server
// seconds of work, a minute for a Putto deal), the server reviews the finished deal once
// (/api/tables/CODE/deals/N/review, in its bots' pool), and each move that surely lost points
// (an inaccuracy, a mistake or a blunder) is marked, with the better move and why, in words:
// the points lost on average and in how many of the deals the coach imagined the better move
// ended ahead, or what it wins, keeps or risks in the game's own words (review_facts.js,
// docs/coach.md). The person's own moves are shown first; the others on asking.
// Nothing here grades.
import { describe } from './actions.js';
import { getJSON, h } from './dom.js';
import { num, t, tn } from './i18n.js';
import { factSentences } from './review_facts.js';

const LABELS = { inaccuracy: 'inaccuracy', mistake: 'mistake', blunder: 'blunder' };
const EVERYONE = 'all';
let review = null;
let failed = false;
let asked = null; // what the button needs: set by initReview
let shown = EVERYONE; // whose moves the marks show: a deal seat, or everyone's

// Remember the deal, how to redraw and whose moves to show first (the person's own seat,
// `null` for a watcher: everyone's); the review is fetched when the person asks.
export function initReview(code, deal, redraw, me = null) {
  asked = { code, deal, redraw, requested: false };
  shown = me === null || me === undefined ? EVERYONE : me;
}

// Fetch the review, then redraw; the replay works meanwhile, and without it if it fails.
export async function loadReview(code, deal, redraw) {
  if (asked) asked.requested = true;
  redraw();
  try {
    review = await getJSON(`/api/tables/${code}/deals/${deal}/review`);
  } catch (error) {
    failed = true;
  }
  redraw();
}

function isShown(move) {
  return shown === EVERYONE || move.seat === shown;
}

function byNumber(number) {
  return review ? review.moves.find((m) => m.number === number && isShown(m)) : null;
}

// Why the better move is better, from the same sampled deals that graded the move: in the
// game's own facts where one surely differs (a trick won, a sweep, going out), else in how
// many of those deals it ended ahead.
function reason(deck, move) {
  const facts = factSentences(move);
  if (facts.length) return [t('Better: {move}.', { move: describe(deck, move.best) }), ...facts].join(' ');
  return tn('Better: {move}: it ended ahead in {better} of the {samples} way the deal could go on from what was known then, and behind in {worse}.',
    'Better: {move}: it ended ahead in {better} of the {samples} ways the deal could go on from what was known then, and behind in {worse}.',
    move.samples, { move: describe(deck, move.best), better: num(move.better_in),
      samples: num(move.samples), worse: num(move.worse_in) });
}

// The coach's line for move `number` (counted from 1: the move that led to step `number`);
// `null` when there is nothing to show (the review failed).
export function reviewNote(number, deck) {
  if (failed) return null;
  if (asked && !asked.requested) {
    return h('p', { class: 'review-note', id: 'review-note' }, h('button', { type: 'button', id: 'ask-coach',
      onclick: () => loadReview(asked.code, asked.deal, asked.redraw) }, t('Ask the coach')));
  }
  if (!review) return h('p', { class: 'review-note pending', id: 'review-note' }, t('The coach is reviewing the moves…'));
  const move = number > 0 ? byNumber(number) : null;
  if (!move || move.label === 'good') return h('p', { class: 'review-note', id: 'review-note' }, '');
  const points = Math.max(1, Math.round(move.loss));
  return h('p', { class: `review-note ${move.label}`, id: 'review-note', role: 'note' },
    h('strong', {}, t(LABELS[move.label])), ' ',
    tn('About {points} point lost.', 'About {points} points lost.', points, { points: num(points) }),
    ' ', move.samples ? reason(deck, move) : t('Better: {move}.', { move: describe(deck, move.best) }));
}

// Whose moves the marks show: the person's own first, anyone's on asking.
function seatPicker(nameOf, redraw) {
  const seats = [...new Set(review.moves.map((m) => m.seat))].sort((a, b) => a - b);
  const select = h('select', { id: 'coach-seat', onchange: (event) => {
    shown = event.target.value === EVERYONE ? EVERYONE : Number(event.target.value);
    redraw();
  } }, h('option', { value: EVERYONE, selected: shown === EVERYONE }, t('everyone')),
  seats.map((seat) => h('option', { value: String(seat), selected: shown === seat }, nameOf(seat))));
  return h('label', { class: 'coach-seat' }, t('Whose moves:'), ' ', select);
}

// Marks under the slider: one per move the coach flagged, to jump to it; `null` before the
// review has come.
export function reviewMarks(go, nameOf = null) {
  if (!review) return null;
  const picker = nameOf && asked ? [seatPicker(nameOf, asked.redraw), ' '] : null;
  const flagged = review.moves.filter((m) => m.label !== 'good' && isShown(m));
  if (!flagged.length) {
    return h('p', { class: 'review-marks', id: 'review-marks' }, picker,
      t('The coach found no move that surely lost points.'));
  }
  return h('p', { class: 'review-marks', id: 'review-marks' }, picker, t('The coach marks:'), ' ',
    flagged.map((m) => h('button', { type: 'button', class: `review-mark ${m.label}`,
      onclick: () => go(m.number) }, `${num(m.number)} · ${t(LABELS[m.label])}`)));
}
