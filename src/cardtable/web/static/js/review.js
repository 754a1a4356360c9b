// The coach's marks in the replay viewer (issue 19): the server reviews the finished deal once
// (/api/tables/CODE/deals/N/review, in its bots' pool), and each move that lost points surely
// (an inaccuracy, a mistake or a blunder) is marked, with the better move. Nothing here grades.
import { describe } from './actions.js';
import { getJSON, h } from './dom.js';
import { num, t } from './i18n.js';

const LABELS = { inaccuracy: 'inaccuracy', mistake: 'mistake', blunder: 'blunder' };
let review = null;
let failed = false;

// Fetch the review, then redraw; the replay works meanwhile, and without it if it fails.
export async function loadReview(code, deal, redraw) {
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
