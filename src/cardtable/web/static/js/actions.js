// Action texts (the server's notation, e.g. "capture 7c", "layoff 2 8c") read for display:
// the verb translated and every card named. Nothing here decides what is legal.
import { cardName, t } from './i18n.js';

const VERBS = {
  play: 'play', capture: 'capture', draw: 'draw', burn: 'burn', take: 'take the discard into',
  meld: 'meld', layoff: 'lay off on meld', discard: 'discard', advance: 'advance with',
  pass: 'pass', buyback: 'buy back in', decline: 'stay out',
};

export function split(text) {
  const [verb, ...rest] = text.trim().split(/\s+/);
  return { verb, rest };
}

// The cards an action names (a joker written "*=6c" is the card "*").
export function cardsOf(text) {
  const { verb, rest } = split(text);
  const words = verb === 'layoff' ? rest.slice(1) : rest;
  return words.map((w) => (w.startsWith('*') ? '*' : w));
}

export function describe(deck, text) {
  const { verb, rest } = split(text);
  const label = VERBS[verb] ? t(VERBS[verb]) : verb;
  if (verb === 'layoff') {
    const [number, ...cards] = rest;
    return `${label} ${number}: ${cards.map((c) => cardName(deck, c)).join(', ')}`;
  }
  if (!rest.length) return label;
  return `${label} ${rest.map((c) => cardName(deck, c)).join(', ')}`;
}

// Same multiset of cards?
export function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((c, i) => c === y[i]);
}

export function cardNames(deck, cards) {
  return cards.map((c) => cardName(deck, c)).join(', ');
}
