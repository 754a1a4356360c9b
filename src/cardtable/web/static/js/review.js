// The coach's marks in the replay viewer (issue 19): asked for with a button (a review costs the
// server seconds of work, a minute for a Putto deal), the server reviews the finished deal once
// (/api/tables/CODE/deals/N/review, in its bots' pool), and each move that lost points surely
// (an inaccuracy, a mistake or a blunder) is marked, with the better move. Nothing here grades.
import { describe } from './actions.js';
import { getJSON, h } from './dom.js';
import { num, t } from './i18n.js';

const LABELS = { inaccuracy: 'inaccuracy', mistake: 'mistake', blunder: 'blunder' };
let review = null;
let failed = false;
let asked = null; // what the button needs: set by initReview

// Remember the deal and how to redraw; the review is fetched when the person asks.
export function initReview(code, deal, redraw) {
  asked = { code, deal, redraw, requested: false };
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

function byNumber(number) {
  return review ? review.moves.find((m) => m.number === number) : null;
}

// The coach's line for move `number` (counted from 1: the move that led to step `number`).
export function reviewNote(number, deck) {
  if (failed) return null;
  if (asked && !asked.requested) {
    return h('p', { class: 'review-note', id: 'review-note' }, h('button', { type: 'button', id: 'ask-coach',
      onclick: () => loadReview(asked.code, asked.deal, asked.redraw) }, t('Ask the coach')));
  }
  if (!review) return h('p', { class: 'review-note pending', id: 'review-note' }, t('The coach is reviewing the moves…'));
  const move = number > 0 ? byNumber(number) : null;
  if (!move || move.label === 'good') return h('p', { class: 'review-note', id: 'review-note' }, '');
  return h('p', { class: `review-note ${move.label}`, id: 'review-note', role: 'note' },
    h('strong', {}, t(LABELS[move.label])), ' ',
    t('about {points} points lost (95% CI: {low} to {high}); better: {move}', {
      points: num(move.loss), low: num(move.interval[0]), high: num(move.interval[1]),
      move: describe(deck, move.best),
    }));
}

// Marks under the slider: one per move the coach flagged, to jump to it.
export function reviewMarks(go) {
  if (!review) return null;
  const flagged = review.moves.filter((m) => m.label !== 'good');
  if (!flagged.length) return h('p', { class: 'review-marks', id: 'review-marks' }, t('The coach found no move that surely lost points.'));
  return h('p', { class: 'review-marks', id: 'review-marks' }, t('The coach marks:'), ' ',
    flagged.map((m) => h('button', { type: 'button', class: `review-mark ${m.label}`,
      onclick: () => go(m.number) }, `${num(m.number)} · ${t(LABELS[m.label])}`)));
}
