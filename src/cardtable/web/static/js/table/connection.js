// The table's one WebSocket: hello with the saved seat's token, each server message folded into
// S, reconnection with backoff, and the redraw only when something shown changed.
import { lang } from '../i18n.js';
import { forgetSeat, loadSeat } from '../seats.js';
import { tellTurn } from './notify.js';
import { noteDeal } from './scores.js';
import { botSpeed } from './settings.js';
import { signal } from './sound.js';
import { S, code, context, gameModule, render, setActor, tableSeatOf } from './state.js';
// friends: rematch and leaving (friends.js)
import { onFriendsMessage } from '../friends.js';

// How long the felt shows a deal's final trick or capture before the deal-end dialog opens.
const DEAL_END_LINGER_MS = 1500;
let socket = null;
let shownKey = null;
let retry = 0;

export function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

export function act(text) {
  if (!S.state || S.sent === S.state.version) return; // one move per state: a double click sends one
  S.hint = null;
  S.refusal = null;
  S.sent = S.state.version; // nothing more is offered until the server answers
  send({ type: 'action', action: text, version: S.state.version });
  S.moves = (S.moves || 0) + 1; // a hand kept from before the move is not shown again as it was
  // The move is sent. The cards and buttons that make moves go inert now, by their attribute
  // only (a page that still offers them for a frame takes a second press for a move). Nothing
  // else is redrawn until the server answers: the browser handles no message (not even the
  // ack) before the frame after a click is painted, so that frame must cost next to nothing
  // (a redraw there put the ack 10-20 ms later). The state follows the ack at once; should it
  // be slow, the page redraws after a moment.
  for (const control of document.querySelectorAll('.dock button')) {
    control.disabled = true;
  }
  const version = S.state.version;
  setTimeout(() => { if (S.state && S.state.version === version) render(); }, 150);
}
setActor(act);

// A seat was taken: the new socket says hello with its token.
export function reconnect() {
  if (socket) socket.close();
}

// The next message redraws whatever it says (a dialog opened or closed by a timer).
export function forgetShown() {
  shownKey = null;
}

export function connect() {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  // Only the newest socket speaks: a spectator's socket closed on taking a seat may still
  // deliver a message or two, which must not overwrite the seat's own state.
  // ?lang= asks the server to answer (errors, refusals) in the page's language.
  const ws = new WebSocket(
    `${scheme}://${window.location.host}/ws/${code}?lang=${encodeURIComponent(lang)}`);
  socket = ws;
  ws.addEventListener('open', () => {
    const saved = loadSeat(code);
    send({ type: 'hello', v: 1, token: saved ? saved.token : null });
  });
  ws.addEventListener('message', (event) => {
    if (ws === socket) receive(JSON.parse(event.data));
  });
  ws.addEventListener('close', () => {
    if (ws !== socket) return;
    S.connected = false;
    shownKey = null;
    render();
    if (S.info && S.info.status === 'finished' && S.matchEnd) return;
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 300 * 2 ** (retry - 1));
  });
}

function receive(message) {
  if (onFriendsMessage(message)) { shownKey = null; render(); return; } // friends: rematch, left
  switch (message.type) {
    case 'welcome':
      S.connected = true;
      retry = 0;
      S.info = message.table;
      S.seats = message.table.seats;
      if (message.seat !== S.seat) {
        // A new seat (a spectator who sat down): what was seen before was someone else's view.
        S.state = null;
        S.ui = {};
        S.hint = null;
      }
      S.seat = message.seat;
      // the bots' speed this person chose, for this connection (the server forgets it)
      if (botSpeed()) send({ type: 'speed', speed: botSpeed() });
      break;
    case 'state':
      onState(message);
      break;
    case 'seats':
      S.seats = message.seats;
      break;
    case 'chat':
      S.chat.push(message);
      S.chatSeen = (S.chatSeen || 0) + 1;
      S.chat = S.chat.slice(-100);
      break;
    case 'deal_end': {
      // The last trick or capture stays in view a moment before the dialog covers the felt;
      // the next deal waits for everyone's Continue anyway (the server's deal-end pause).
      // The server says it again after a resync during the pause: a dialog already shown stays.
      const again = S.dealEnd && S.dealEnd.deal === message.deal;
      S.dealEnd = message;
      noteDeal(message);
      if (again) break;
      S.dealEndOpen = false;
      clearTimeout(S.dealEndTimer);
      S.dealEndTimer = setTimeout(() => { S.dealEndOpen = true; shownKey = null; render(); },
        DEAL_END_LINGER_MS);
      break;
    }
    case 'match_end':
      S.matchEnd = message;
      if (S.info) S.info.status = 'finished';
      break;
    case 'hint':
      S.hint = message;
      break;
    case 'status':
      // the database went away (moves are refused until it is back) or came back
      S.storage = message.storage === 'unavailable' ? message.message : null;
      break;
    case 'ack':
      return; // the move is stored; the new state follows at once, and is drawn then
    case 'error':
      if (message.code === 'auth/bad_token') forgetSeat(code);
      // a refused move is explained beside the buttons (the server's words: the page restates
      // no rule); any other error goes to the banner
      if (message.code === 'action/illegal') S.refusal = message.message || message.code;
      else S.error = message.message || message.code;
      S.sent = null;
      break;
    default:
      break;
  }
  // Redraw only when something shown changed: a redraw replaces the buttons, and one landing
  // between a press and its release would swallow a click.
  const key = JSON.stringify([S.state && S.state.version, S.state && S.state.seat,
    S.state && S.state.legal, S.seats,
    S.seat, S.chatSeen, S.hint && S.hint.version, S.dealEnd && S.dealEnd.deal,
    Boolean(S.matchEnd), S.error, S.refusal, S.connected, S.sent, S.info && S.info.status, S.storage,
    S.state && S.state.pause, S.dealEndOpen]);
  if (key === shownKey) return;
  shownKey = key;
  render();
}

function onState(message) {
  const previous = S.state;
  const newDeal = !previous || previous.deal !== message.deal;
  // each entry keeps its deal and the events it caused, to be worded as the felt words it
  if (Array.isArray(message.log)) {
    S.log = message.log.map(([seat, action, by]) => ({ seat, action, by, deal: true,
      dealNo: message.deal }));
    // the log's last entry is the state's `last` when the deal has moved since it began: it
    // keeps the events that only the state carries (the cards a capture took), so that the log
    // words it as the felt does (a page that connected right after a bot's capture read
    // "captured with 7o" in the log and "captured 7c with 7o" on the felt)
    const final = S.log[S.log.length - 1];
    const seats = message.seats_of_deal;
    if (final && message.last && (message.events || []).length
        && (seats ? seats[final.seat] : final.seat) === message.last.seat
        && final.action === message.last.action) {
      final.events = message.events;
    }
    S.logRev = (S.logRev || 0) + 1; // the log is drawn again (panel.js keeps it otherwise)
  } else if (message.last && (!previous || previous.version !== message.version)) {
    S.log.push({ seat: message.last.seat, action: message.last.action, by: message.last.by,
      table: true, dealNo: message.deal, events: message.events || [] });
    S.logRev = (S.logRev || 0) + 1;
  }
  if (newDeal && previous) {
    S.ui = {};
    // a new deal is being played: the last deal's dialog must not hide it
    if (!S.matchEnd) { S.dealEnd = null; clearTimeout(S.dealEndTimer); }
  }
  if (S.info) S.info.status = message.status;
  if (!previous || previous.version !== message.version) { S.error = null; S.refusal = null; }
  S.state = message;
  const fresh = previous && previous.version !== message.version && !newDeal;
  if (fresh) noteMotion(message, previous);
  const module = gameModule();
  if (module && module.onEvents && message.view) module.onEvents(context(), message.events || []);
}

// What the next redraw shows moving (motion.js) and what is heard (sound.js): who moved, who
// took the cards that leave the table, whether I drew from the stock.
function noteMotion(message, previous) {
  const events = message.events || [];
  const capture = events.find((e) => e.kind === 'capture');
  let taker = capture ? tableSeatOf(capture.seat) : null;
  const view = message.view || {};
  if (taker === null && S.ui.lastTrick && view.trick && view.trick.length === 1
    && events.some((e) => e.kind === 'play')) {
    taker = tableSeatOf(S.ui.lastTrick.seat); // the last trick's cards go to its winner
  }
  const drew = events.some((e) => (e.kind === 'draw' || e.kind === 'burn') && e.seat === message.deal_seat);
  S.motion = { last: message.last, taker, drew };
  signal(events, (message.legal || []).length > 0, (previous.legal || []).length > 0);
  if ((message.legal || []).length > 0 && !(previous.legal || []).length) tellTurn(message.table);
}
