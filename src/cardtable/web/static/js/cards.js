// Cards as pictures served by the app (/cards/DECK/CARD.svg, drawn by cardtable.art), each with
// its name as text for screen readers; the suit letter is also in the notation, never colour alone.
import { h } from './dom.js';
import { cardName, num, t } from './i18n.js';

// What the server's game registry says of each game (title, deck and turn, as /api/games gives
// them, and whether the lowest total wins), from the page shell's data-games (routes.py), so
// that no list of games is restated here.
const GAME_INFO = JSON.parse(document.body.dataset.games || '{}');

export function gameInfo(game) {
  const info = GAME_INFO[game];
  if (!info) {
    throw new Error(`unknown game ${game}`);
  }
  return info;
}

// The game's title (translate it with t()).
export function titleOf(game) {
  return gameInfo(game).title;
}

// Putto's deck is 'italian': the Latin pictures, its figures named jack, queen and king.
export function deckOf(game) {
  return gameInfo(game).deck;
}

// Whether play passes to the left (clockwise, Putto) rather than to the right.
export function passesLeft(game) {
  return gameInfo(game).direction === 'left';
}

// Whether the lowest total wins the match (Pontinho's penalty points).
export function lowestWins(game) {
  return Boolean(gameInfo(game).lowest_wins);
}

export function cardBase(card) {
  return card.startsWith('*') ? '*' : card;
}

export function cardSrc(deck, card) {
  const base = cardBase(card);
  const pictures = deck === 'italian' ? 'latin' : deck;
  // the player's choice of Latin indices (table/settings.js): 1–7 10 11 12, or S C R
  const index = pictures === 'latin' ? localStorage.getItem('cardtable:index') : null;
  const query = index === 'numbers' || index === 'letters' ? `?index=${index}` : '';
  return `/cards/${pictures}/${base === '*' ? 'joker' : base}.svg${query}`;
}

// A card picture; with onClick it is a button (tab to it, Enter or Space plays it).
export function cardEl(deck, card, options = {}) {
  const { onClick, selected, disabled, small, extraLabel, key } = options;
  const label = extraLabel ? `${cardName(deck, card)} (${extraLabel})` : cardName(deck, card);
  const img = h('img', { src: cardSrc(deck, card), alt: onClick ? '' : label, draggable: 'false' });
  const cls = ['card', small ? 'small' : '', selected ? 'selected' : ''].join(' ').trim();
  if (!onClick) {
    return h('span', { class: cls, dataset: { card } }, img);
  }
  const button = h('button', {
    type: 'button',
    class: cls,
    'aria-label': label,
    'aria-pressed': selected === undefined ? null : String(Boolean(selected)),
    disabled: Boolean(disabled),
    dataset: { card, key: key || '' },
    onclick: onClick,
  }, img);
  return button;
}

export function backEl(small = true) {
  return h('span', { class: `card back${small ? ' small' : ''}` },
    h('img', { src: '/cards/back.svg', alt: t('back of a card') }));
}

// A row of overlapping backs for a hand we may not see, with its size as text.
export function backs(count) {
  const row = h('span', { class: 'backs', role: 'img', 'aria-label': t('cards in hand: {n}', { n: count }) });
  for (let i = 0; i < Math.min(count, 12); i += 1) row.append(backEl(true));
  row.append(h('span', { class: 'count', 'aria-hidden': 'true' }, num(count)));
  return row;
}
