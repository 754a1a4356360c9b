// The coach's reason in a player's words: one sentence per game fact the review chose to say
// (the JSON's `reason`, surest first; docs/coach.md "What a player reads"), each a count or a
// mean of the sampled deals that graded the move ("about" unless it was the same in every one).
// "It" is the better move, "yours" the move played. Nothing here picks or judges: the server's
// review did.
import { num, t, tn } from './i18n.js';

// Two means as they are said: whole numbers where that keeps them apart, else one decimal.
function shown(better, played) {
  const whole = Math.round(better) !== Math.round(played);
  const round = (v) => (whole ? Math.round(v) : Math.round(v * 10) / 10);
  return [round(better), round(played)];
}

// The number a sentence's words agree with: a fraction reads as plural, as "1.5 points".
function countOf(value) {
  return Number.isInteger(value) ? value : 2;
}

function counted(fact, samples) {
  const p = { better: num(fact.better), played: num(fact.played), samples: num(samples) };
  switch (fact.fact) {
    case 'trick':
      if (fact.certain) return t('It wins this trick; yours loses it.');
      return tn('It wins this trick in {better} of the {samples} way the deal could go on; yours in {played}.',
        'It wins this trick in {better} of the {samples} ways the deal could go on; yours in {played}.', samples, p);
    case 'sweep':
      if (fact.certain) return t('It sweeps the table; yours does not.');
      return tn('It sweeps the table in {better} of the {samples} way the deal could go on; yours in {played}.',
        'It sweeps the table in {better} of the {samples} ways the deal could go on; yours in {played}.', samples, p);
    case 'swept_next':
      return tn('After your move the next player sweeps the table in {played} of the {samples} way the deal could go on; after it, in {better}.',
        'After your move the next player sweeps the table in {played} of the {samples} ways the deal could go on; after it, in {better}.', samples, p);
    case 'out':
      return tn('You go out first in {better} of the {samples} way the deal could go on after it; after yours, in {played}.',
        'You go out first in {better} of the {samples} ways the deal could go on after it; after yours, in {played}.', samples, p);
    default:
      return null;
  }
}

function averaged(fact) {
  const [better, played] = fact.certain ? [fact.better, fact.played] : shown(fact.better, fact.played);
  const n = countOf(better);
  const p = { better: num(better), played: num(played) };
  switch (fact.fact) {
    case 'trick_points':
      if (fact.certain) {
        return tn('It takes {better} card point from this trick; yours takes {played}.',
          'It takes {better} card points from this trick; yours takes {played}.', n, p);
      }
      return tn('It takes about {better} card point from this trick; yours about {played}.',
        'It takes about {better} card points from this trick; yours about {played}.', n, p);
    case 'later_points':
      if (fact.certain) {
        return tn('It takes {better} card point in the tricks after this one; yours takes {played}.',
          'It takes {better} card points in the tricks after this one; yours takes {played}.', n, p);
      }
      return tn('It takes about {better} card point in the tricks after this one; yours about {played}.',
        'It takes about {better} card points in the tricks after this one; yours about {played}.', n, p);
    case 'tricks':
      if (fact.certain) {
        return tn('You win {better} trick in the deal after it; {played} after yours.',
          'You win {better} tricks in the deal after it; {played} after yours.', n, p);
      }
      return tn('You win about {better} trick in the deal after it; about {played} after yours.',
        'You win about {better} tricks in the deal after it; about {played} after yours.', n, p);
    case 'captured':
      return tn('It captures {better} card from the table; yours captures {played}.',
        'It captures {better} cards from the table; yours captures {played}.', n, p);
    case 'sweeps':
      if (fact.certain) {
        return tn('You make {better} sweep in the deal after it; {played} after yours.',
          'You make {better} sweeps in the deal after it; {played} after yours.', n, p);
      }
      return tn('You make about {better} sweep in the deal after it; about {played} after yours.',
        'You make about {better} sweeps in the deal after it; about {played} after yours.', n, p);
    case 'card_points':
      if (fact.certain) {
        return tn('You take {better} card point in the deal after it; {played} after yours.',
          'You take {better} card points in the deal after it; {played} after yours.', n, p);
      }
      return tn('You take about {better} card point in the deal after it; about {played} after yours.',
        'You take about {better} card points in the deal after it; about {played} after yours.', n, p);
    case 'primiera':
      if (fact.certain) {
        return tn('You win the primiera in {better} suit after it; in {played} after yours.',
          'You win the primiera in {better} suits after it; in {played} after yours.', n, p);
      }
      return tn('You win the primiera in about {better} suit after it; in about {played} after yours.',
        'You win the primiera in about {better} suits after it; in about {played} after yours.', n, p);
    case 'penalty':
      if (fact.certain) {
        return tn('You are left with {better} penalty point in hand after it; {played} after yours.',
          'You are left with {better} penalty points in hand after it; {played} after yours.', n, p);
      }
      return tn('You are left with about {better} penalty point in hand after it; about {played} after yours.',
        'You are left with about {better} penalty points in hand after it; about {played} after yours.', n, p);
    default:
      return null;
  }
}

// The sentences of the facts the review chose (`move.reason`), in its order; none when it
// chose none or the review predates the facts.
export function factSentences(move) {
  const byName = new Map((move.facts || []).map((fact) => [fact.fact, fact]));
  return (move.reason || []).map((name) => byName.get(name)).filter(Boolean)
    .map((fact) => (fact.kind === 'count' ? counted(fact, move.samples) : averaged(fact)))
    .filter(Boolean);
}
