// The table page's shared memory: what the server last said (S), the game modules, who sits
// where, and the context a game module draws from. Every other table module reads S; only the
// connection (connection.js) writes what comes from the server.
import { deckOf } from '../cards.js';
import { sentenceCase, t } from '../i18n.js';
import { setting, sortHand } from './settings.js';

// The game's drawing module, games/GAME.js, loaded by the game's name (no list of games here:
// a new game needs only its module, and its title, deck and direction come from the server's
// registry through the page's data-games, cards.js).
let module = null;
export async function loadGame(game) {
  module = (await import(`../games/${encodeURIComponent(game)}.js`)).default;
  return module;
}
export function gameModule() { return module; }

export const app = document.getElementById('app');
export const code = document.body.dataset.code;

export const S = {
  info: null, // the table's public summary
  seats: [], // seat info by table seat
  state: null, // the last state message
  seat: null, // my table seat (null: watching)
  log: [],
  chat: [],
  hint: null,
  dealEnd: null,
  matchEnd: null,
  error: null,
  connected: false,
  ui: {}, // the game module's memory between messages (last trick, selection, hand order…)
};

// The page's one redraw, set by table.js (the modules that draw import this, not each other,
// so that none of them depends on the layout).
let redraw = () => {};
export function setRender(fn) { redraw = fn; }
export function render() { redraw(); }

// The connection's act(), set by connection.js (the context hands it to game modules).
let actor = () => {};
export function setActor(fn) { actor = fn; }

export function tableSeatOf(dealSeat) {
  const seats = S.state && S.state.seats_of_deal;
  return seats ? seats[dealSeat] : dealSeat;
}

export function nameOfTableSeat(seat) {
  const info = S.seats[seat];
  if (seat === S.seat && S.seat !== null) return t('you');
  if (!info) return t('seat {n}', { n: seat + 1 });
  if (info.kind === 'bot') return t('bot {n} ({level})', { n: seat + 1, level: t(info.level) });
  return info.name || t('seat {n}', { n: seat + 1 });
}

// A side's table seats as a label standing alone (a table's cell, a placing, the
// scoreboard): each name begins with a capital, "You + Bot 3 (random)", as it would not inside
// a sentence ("Trick to bot 3 (random)"). ``short``: the names where room is short.
export function sideLabel(tableSeats, short = false) {
  const name = short ? shortNameOfTableSeat : nameOfTableSeat;
  return tableSeats.map((s) => sentenceCase(name(s))).join(' + ');
}

// A seat's name where room is short (the trick, the scoreboard): a bot without its level.
export function shortNameOfTableSeat(seat) {
  const info = S.seats[seat];
  if (info && info.kind === 'bot' && seat !== S.seat) return t('Bot {n}', { n: seat + 1 });
  return nameOfTableSeat(seat);
}

export function context() {
  const state = S.state || {};
  const view = state.view || {};
  return {
    game: S.info.game,
    deck: deckOf(S.info.game),
    state,
    view,
    me: state.deal_seat ?? null,
    legal: state.legal || [],
    // nothing is offered while the connection is down: a move could not be sent
    myTurn: (state.legal || []).length > 0 && S.sent !== state.version && S.connected,
    ui: S.ui,
    hint: S.hint,
    nameOf: (dealSeat) => nameOfTableSeat(tableSeatOf(dealSeat)),
    shortName: (dealSeat) => shortNameOfTableSeat(tableSeatOf(dealSeat)),
    sideLabel: (dealSeats) => sideLabel(dealSeats.map(tableSeatOf)),
    act: (text) => actor(text),
    render,
    setting,
    sortHand,
  };
}
