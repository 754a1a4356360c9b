// The player's settings, kept in this browser's localStorage: card size, how a Punttu or Putto
// hand is sorted, the Spanish-suited pack's indices, "tap to lift, tap again to play" for
// touch screens, and the bots' speed. Each applies at once; only the bots' speed is sent to
// the server (the table waits before a bot's move at the slowest speed its people chose).
import { deckOf } from '../cards.js';
import { h } from '../dom.js';
import { t } from '../i18n.js';
import { notifyKey, notifySetting } from './notify.js';

const KEYS = { size: 'cardtable:card-size', sort: 'cardtable:sort', index: 'cardtable:index',
  lift: 'cardtable:lift', speed: 'cardtable:bot-speed' };

export function setting(name) {
  return localStorage.getItem(KEYS[name]) || '';
}

function store(name, value) {
  try { localStorage.setItem(KEYS[name], value); } catch (error) { /* storage off: not kept */ }
}

// The card size as a class of the page (app.css scales --card-w by it).
export function applySize() {
  document.documentElement.dataset.cardSize = setting('size') || 'normal';
}

const RANKS = 'A234567JQK';
const SUITS = 'oceb';

// A Punttu or Putto hand in the chosen order (as dealt, by suit, by rank).
export function sortHand(hand) {
  const how = setting('sort');
  if (!how) return hand;
  const rank = (c) => RANKS.indexOf(c[0]);
  const suit = (c) => SUITS.indexOf(c[1]);
  const key = how === 'suit' ? (c) => suit(c) * 20 + rank(c) : (c) => rank(c) * 10 + suit(c);
  return [...hand].sort((a, b) => key(a) - key(b));
}

// What a setting nobody chose shows (else the first option): the bots' speed is then the
// table's normal pace, and is not sent.
const UNCHOSEN = { speed: 'normal' };

function choice(id, label, name, options, rerender, after = () => {}) {
  return h('label', { for: id, class: 'setting' }, label, ' ',
    h('select', { id, onchange: (event) => {
      store(name, event.target.value); applySize(); after(event.target.value); rerender();
    } },
      options.map(([value, text]) => h('option', { value, selected: (setting(name) || UNCHOSEN[name]) === value }, text))));
}

// What the settings show: the panel is built again only when one changed.
export function settingsKey() {
  return [...Object.keys(KEYS).map((name) => setting(name)), notifyKey()];
}

// The bots' speed this person chose ('' until they choose: the table's normal pace).
export function botSpeed() {
  return setting('speed');
}

// The settings' fields (table/panel.js puts them in its <details>, which stays open or closed
// as the person left it); `onSpeed(speed)`: the bots' speed was changed.
export function settingsPanel(game, rerender, onSpeed) {
  const parts = [
    choice('set-size', t('Card size'), 'size', [['normal', t('normal')], ['small', t('small')],
      ['large', t('large')]], rerender),
    choice('set-speed', t('Bot speed'), 'speed', [['slow', t('slow')], ['normal', t('normal')],
      ['fast', t('fast')]], rerender, onSpeed),
  ];
  if (deckOf(game) !== 'french') { // the Latin pack's hands: sorting and Spanish indices
    parts.push(choice('set-sort', t('Sort my hand'), 'sort', [['', t('as dealt')],
      ['suit', t('by suit')], ['rank', t('by rank')]], rerender));
    parts.push(choice('set-index', t('Card indices'), 'index', [['', t('A, J, Q, K')],
      ['numbers', t('1–7, 10, 11, 12')], ['letters', t('1–7, S, C, R')]], rerender));
  }
  parts.push(h('label', { class: 'setting', for: 'set-lift' },
    h('input', { type: 'checkbox', id: 'set-lift', checked: setting('lift') === '1',
      onchange: (event) => { store('lift', event.target.checked ? '1' : ''); rerender(); } }),
    ' ', t('Tap a card to lift it, tap again to play it')));
  parts.push(...notifySetting(rerender)); // "tell me when it is my turn" (table/notify.js)
  return h('div', { class: 'settings-fields' }, parts);
}

applySize();
