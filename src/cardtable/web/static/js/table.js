// The table page: one WebSocket to the server, and the table drawn from each state message.
// The server sends this seat's view and its legal actions; the page only offers those.
import { describe } from './actions.js';
import { lastMoveText } from './lastmove.js';
import { backs, deckOf } from './cards.js';
import { clear, getJSON, h, postJSON, unescapeHtml } from './dom.js';
import { lang, loadStrings, mountNav, num, t, tn } from './i18n.js';
import { forgetSeat, loadSeat, saveName, saveSeat } from './seats.js';
import punttu from './games/punttu.js';
import putto from './games/putto.js';
import pontinho from './games/pontinho.js';
// friends: rematch, leaving, the share link and its QR code
import { nickname } from './nickname.js';
import { copyButton, friendsKey, initFriends, leaveControl, onFriendsMessage, rematchArea, rememberLink, shareBox } from './friends.js';

const GAMES = { punttu, putto, pontinho };
const TITLES = { punttu: 'Punttu', putto: 'Putto', pontinho: 'Pontinho' };
// Punttu and Pontinho pass to the right (counter-clockwise), Putto to the left.
const CLOCKWISE = { putto: true };

const app = document.getElementById('app');
const code = document.body.dataset.code;

const S = {
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
// How long the felt shows a deal's final trick or capture before the deal-end dialog opens.
const DEAL_END_LINGER_MS = 1500;
let socket = null;
let shownKey = null;
let retry = 0;
let tick = null;
initFriends({ S, code, send, render: () => { shownKey = null; render(); }, nameOf: (seat) => nameOfTableSeat(seat) }); // friends

// -- connection --------------------------------------------------------------------------------

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(text) {
  if (!S.state) return;
  S.hint = null;
  S.sent = S.state.version; // nothing more is offered until the server answers
  send({ type: 'action', action: text, version: S.state.version });
  render();
}

function connect() {
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
    case 'deal_end':
      // The last trick or capture stays in view a moment before the dialog covers the felt;
      // the next deal waits for everyone's Continue anyway (the server's deal-end pause).
      S.dealEnd = message;
      S.dealEndOpen = false;
      clearTimeout(S.dealEndTimer);
      S.dealEndTimer = setTimeout(() => { S.dealEndOpen = true; shownKey = null; render(); },
        DEAL_END_LINGER_MS);
      break;
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
      break; // the move is stored; the new state follows at once
    case 'error':
      if (message.code === 'auth/bad_token') forgetSeat(code);
      S.error = message.message || message.code;
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
    Boolean(S.matchEnd), S.error, S.connected, S.sent, S.info && S.info.status, S.storage,
    S.state && S.state.pause, S.dealEndOpen]);
  if (key === shownKey) return;
  shownKey = key;
  render();
}

function onState(message) {
  const previous = S.state;
  const newDeal = !previous || previous.deal !== message.deal;
  if (Array.isArray(message.log)) {
    S.log = message.log.map(([seat, action, by]) => ({ seat, action, by, deal: true }));
  } else if (message.last && (!previous || previous.version !== message.version)) {
    S.log.push({ seat: message.last.seat, action: message.last.action, by: message.last.by,
      table: true });
  }
  if (newDeal && previous) {
    S.ui = {};
    // a new deal is being played: the last deal's dialog must not hide it
    if (!S.matchEnd) { S.dealEnd = null; clearTimeout(S.dealEndTimer); }
  }
  if (S.info) S.info.status = message.status;
  if (!previous || previous.version !== message.version) S.error = null;
  S.state = message;
  const module = GAMES[S.info ? S.info.game : ''];
  if (module && module.onEvents && message.view) module.onEvents(context(), message.events || []);
}

// -- what the page knows about seats ----------------------------------------------------------

function tableSeatOf(dealSeat) {
  const seats = S.state && S.state.seats_of_deal;
  return seats ? seats[dealSeat] : dealSeat;
}

function nameOfTableSeat(seat) {
  const info = S.seats[seat];
  if (seat === S.seat && S.seat !== null) return t('you');
  if (!info) return t('seat {n}', { n: seat + 1 });
  if (info.kind === 'bot') return t('bot {n} ({level})', { n: seat + 1, level: t(info.level) });
  return info.name || t('seat {n}', { n: seat + 1 });
}

function context() {
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
    act,
    render,
  };
}

// -- drawing ----------------------------------------------------------------------------------

let waitingKey = null;

function render() {
  if (!S.info) return;
  const isWaiting = S.info.status === 'waiting' || !S.state || !S.state.view;
  // While waiting, redraw only when something shown changed, so a name being typed survives.
  const key = isWaiting ? JSON.stringify([S.seats, S.error, S.connected, Boolean(loadSeat(code)), friendsKey()]) : null; // friendsKey: friends.js
  if (isWaiting && key === waitingKey) return;
  waitingKey = key;
  const focused = document.activeElement && document.activeElement.id;
  // a text field being typed in keeps its caret and selection across the redraw (a focus()
  // alone puts the caret at the start: the next keys would land before what was typed)
  const selection = document.activeElement && typeof document.activeElement.selectionStart === 'number'
    ? [document.activeElement.selectionStart, document.activeElement.selectionEnd] : null;
  const focusedCard = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.key : null;
  clear(app);
  app.className = `game-${S.info.game}`;
  app.append(header());
  if (!S.connected) {
    app.append(h('p', { class: 'banner', role: 'status' }, t('Connection lost; reconnecting…')));
  }
  if (S.storage) app.append(h('p', { class: 'banner', role: 'status' }, S.storage));
  if (S.error) app.append(h('p', { class: 'error', role: 'alert' }, S.error));
  if (isWaiting) {
    app.append(waiting());
  } else {
    app.append(h('div', { class: 'layout' }, tableArea(), sidePanel()));
  }
  const lingering = S.dealEnd && !S.dealEndOpen; // the final trick or capture is shown
  if (S.matchEnd && !lingering) app.append(matchEndDialog());
  else if (S.dealEnd && S.dealEndOpen && !S.matchEnd) app.append(dealEndDialog());
  restoreFocus(focused, focusedCard, selection);
  focusDialog();
  // Keyboard play: when it becomes my turn and nothing has the focus, my first card takes it.
  if (document.activeElement === document.body || document.activeElement === null) {
    const first = app.querySelector('.hand button.card:not([disabled])');
    if (first && S.state && (S.state.legal || []).length && !S.dealEnd && !S.matchEnd) {
      first.focus({ preventScroll: true });
    }
  }
}

// A modal dialog holds the focus: it takes it when it opens, and Tab cycles inside it.
function focusDialog() {
  const dialog = app.querySelector('[role=dialog][aria-modal=true]');
  if (!dialog || dialog.contains(document.activeElement)) return;
  const first = dialog.querySelector('[autofocus]') || focusables(dialog)[0];
  if (first) first.focus({ preventScroll: true });
}

function focusables(root) {
  return [...root.querySelectorAll('a[href], button:not([disabled]), input, select, textarea')];
}

function trapTab(event) {
  const dialog = app.querySelector('[role=dialog][aria-modal=true]');
  if (!dialog) return false;
  const items = focusables(dialog);
  if (!items.length) return false;
  const at = items.indexOf(document.activeElement);
  let next = null;
  if (event.shiftKey && at <= 0) next = items[items.length - 1];
  else if (!event.shiftKey && (at === -1 || at === items.length - 1)) next = items[0];
  if (next) { next.focus(); event.preventDefault(); }
  return true;
}

function restoreFocus(id, key, selection) {
  let target = null;
  if (key) target = app.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (!target && id) target = document.getElementById(id);
  if (target && !target.disabled) {
    target.focus({ preventScroll: true });
    if (selection && typeof target.setSelectionRange === 'function') {
      target.setSelectionRange(...selection);
    }
  }
}

function header() {
  const state = S.state || {};
  const title = t(TITLES[S.info.game]);
  const bits = [h('h1', {}, title), h('span', { class: 'code' }, t('Table {code}', { code }))];
  if (state.deal) bits.push(h('span', { class: 'deal' }, t('Deal {n}', { n: state.deal })));
  if (S.seat === null) bits.push(h('span', { class: 'badge' }, t('watching')));
  bits.push(copyButton(), leaveControl()); // friends
  bits.push(h('a', { href: `/how/${S.info.game}`, target: '_blank', rel: 'noopener' }, t('How to play')));
  bits.push(h('a', { href: `/t/${code}/rules`, target: '_blank', rel: 'noopener', id: 'rules-link',
    title: t('The rules of this table') }, t('House rules')));
  return h('div', { class: 'table-head' }, bits);
}

function waiting() {
  const saved = loadSeat(code);
  const box = h('section', { class: 'panel waiting' },
    h('h2', {}, t('Waiting for players')),
    shareBox()); // friends: the link to give, with its QR code
  const list = h('ul', { class: 'seat-list' });
  S.seats.forEach((seat, index) => {
    const item = h('li', {}, `${t('Seat {n}', { n: index + 1 })}: `);
    if (seat.taken) item.append(nameOfTableSeat(index));
    else if (!saved) {
      item.append(h('button', { type: 'button', class: 'take-seat',
        onclick: () => takeSeat(index) }, t('Sit here')));
    } else item.append(t('free'));
    list.append(item);
  });
  box.append(list);
  if (!saved) {
    box.append(h('label', { for: 'join-name' }, t('Your name'), ' ',
      // A redraw (someone else sat down) must not wipe the name being typed.
      h('input', { id: 'join-name', maxlength: '40',
        value: S.ui.joinName ?? nickname(), // friends: the remembered nickname
        oninput: (event) => { S.ui.joinName = event.target.value; } })));
  }
  const rules = houseRules();
  if (rules) box.append(rules);
  return box;
}

// The table's options, each by its translated label and value (from /api/games in the page's
// language), with a link to the whole rules sheet built from them.
function houseRules() {
  const game = (S.games || []).find((g) => g.game === S.info.game);
  if (!game) return null;
  const value = (option) => {
    const chosen = S.info.options[option.name];
    if (typeof chosen === 'boolean') return chosen ? t('yes') : t('no');
    if (typeof chosen === 'number') return num(chosen);
    return (option.choice_labels || {})[chosen] || String(chosen);
  };
  return h('section', { class: 'house-rules' },
    h('h3', {}, t('House rules')),
    h('dl', {}, game.options.filter((o) => o.name in S.info.options).map((option) => [
      h('dt', {}, option.label || option.name), h('dd', {}, value(option))])),
    h('p', {}, h('a', { href: `/t/${code}/rules`, target: '_blank', rel: 'noopener' },
      t('The rules of this table'))));
}

async function takeSeat(index) {
  const input = document.getElementById('join-name');
  const name = (input && input.value.trim()) || t('player');
  saveName(name);
  try {
    const joined = await postJSON(`/api/tables/${code}/join`, { name, seat: index });
    saveSeat(joined.code, joined.seat, joined.token);
    if (socket) socket.close();
  } catch (error) {
    S.error = error.message;
    render();
  }
}

function statusLine(ctx) {
  const { state } = ctx;
  let text;
  const pause = state.phase === 'pause' ? state.pause : null;
  if (state.phase === 'over' || S.info.status === 'finished') text = t('The match is over.');
  else if (pause && pause.waiting.includes(S.seat)) {
    text = t('Deal {n} is over. Press Continue for the next deal.', { n: pause.deal });
  } else if (pause) {
    text = t('Waiting for {names} to continue.',
      { names: pause.waiting.map((seat) => nameOfTableSeat(seat)).join(', ') });
  }
  else if (ctx.myTurn) text = ctx.module.yourTurn ? ctx.module.yourTurn(ctx) : t('Your turn.');
  else if (state.forced && state.to_move === S.seat) {
    // one legal choice: the server makes it in a moment, nothing to ask (docs/protocol.md)
    text = t('Your only choice: {action}. It is made for you.',
      { action: describe(ctx.deck, state.forced) });
  }
  else if (state.to_move !== null && state.to_move !== undefined) {
    text = t('{name} to play.', { name: nameOfTableSeat(state.to_move) });
  } else text = '';
  const line = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' }, text);
  const deadline = pause ? pause.deadline : state.deadline;
  if (deadline && (pause || state.to_move !== null)) {
    const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
    line.append(' ', h('span', { class: 'timer', dataset: { deadline } },
      t('{n} s left', { n: left })));
  }
  return line;
}

function seatBox(ctx, dealSeat) {
  const tableSeat = tableSeatOf(dealSeat);
  const info = S.seats[tableSeat] || {};
  const onTurn = ctx.state.to_move === tableSeat && ctx.state.phase === 'deal';
  const isMe = dealSeat === ctx.me;
  const box = h('section', {
    class: `seat${onTurn ? ' on-turn' : ''}${isMe ? ' mine' : ''}`,
    'aria-label': ctx.nameOf(dealSeat),
    dataset: { seat: String(dealSeat) },
  }, h('h3', {}, ctx.nameOf(dealSeat),
    onTurn ? h('span', { class: 'turn-mark' }, ` ▶ ${t('to play')}`) : null,
    info.away ? h('span', { class: 'away' }, ` · ${t('away: a bot plays')}`) : null,
    info.kind === 'person' && !info.connected && !isMe
      ? h('span', { class: 'away' }, ` · ${t('offline')}`) : null));
  if (!isMe && ctx.view.hand_sizes) box.append(backs(ctx.view.hand_sizes[dealSeat]));
  if (ctx.module.seatExtra) box.append(ctx.module.seatExtra(ctx, dealSeat));
  return box;
}

function others(ctx) {
  const n = ctx.view.players;
  const me = ctx.me;
  const order = [];
  if (me === null || me === undefined) {
    for (let i = 0; i < n; i += 1) order.push(i);
    return order;
  }
  for (let i = 1; i < n; i += 1) order.push((me + i) % n);
  return CLOCKWISE[ctx.game] ? order : order.reverse();
}

function tableArea() {
  const ctx = context();
  ctx.module = GAMES[ctx.game];
  const area = h('section', { class: 'felt', 'aria-label': t('The table') });
  area.append(statusLine(ctx));
  if (ctx.state.last) area.append(lastMoveLine(ctx));
  area.append(h('div', { class: 'others' }, others(ctx).map((s) => seatBox(ctx, s))));
  area.append(h('div', { class: 'direction', 'aria-hidden': 'true' },
    CLOCKWISE[ctx.game] ? t('Play passes to the left ↻') : t('Play passes to the right ↺')));
  area.append(h('div', { class: 'centre' }, ctx.module.centre(ctx)));
  if (ctx.me !== null && ctx.me !== undefined) {
    const mine = seatBox(ctx, ctx.me);
    mine.append(ctx.module.hand(ctx));
    area.append(mine);
  } else if (S.seat !== null && S.seat !== undefined) {
    area.append(h('p', { class: 'status' }, t('You are not dealt in this deal.')));
  }
  const buttons = ctx.module.actions ? ctx.module.actions(ctx) : [];
  const bar = h('div', { class: 'actions', role: 'group', 'aria-label': t('Actions') }, buttons);
  if (ctx.state.phase === 'decision' && ctx.myTurn) bar.append(decision(ctx));
  const pause = ctx.state.phase === 'pause' ? ctx.state.pause : null;
  if (pause && pause.waiting.includes(S.seat) && !(S.dealEnd && S.dealEndOpen)) {
    bar.append(h('button', { type: 'button', class: 'big', id: 'continue-next',
      onclick: () => continueDeal(pause.deal) }, t('Continue')));
  }
  if (S.info.hints && ctx.myTurn && ctx.state.phase === 'deal') {
    bar.append(h('button', { type: 'button', id: 'hint', accesskey: 'h',
      onclick: () => send({ type: 'hint', version: ctx.state.version }) }, t('Hint (H)')));
  }
  area.append(bar);
  if (S.hint && S.state && S.hint.version === S.state.version) area.append(hintBox(ctx));
  if (ctx.me !== null && ctx.me !== undefined) {
    area.append(h('p', { class: 'shortcuts' }, t('Keys: Tab moves between cards, Enter plays the card, 1–9 pick a card, H asks for a hint.')));
  }
  return area;
}

// A decision between deals (Pontinho's buy-back): the match's legal choices as buttons.
function decision(ctx) {
  const view = ctx.state.decision_view || {};
  const total = (view.totals || [])[S.seat];
  return h('div', { class: 'decision', role: 'group', 'aria-labelledby': 'decision-title' },
    h('p', { id: 'decision-title' }, h('b', {}, t('Decide before the next deal:')), ' ',
      total !== undefined ? t('your total is {total}.', { total }) : ''),
    ctx.legal.map((text) => h('button', { type: 'button', class: 'big', id: `decide-${text}`,
      onclick: () => { S.dealEnd = null; act(text); } }, describe(ctx.deck, text))));
}

function hintBox(ctx) {
  const hint = S.hint;
  const best = hint.alternatives[0];
  // the numbers only when the bot searched (a forced move, or no time at all, has none)
  const reason = best && hint.iterations > 0 && best.tries > 0
    ? tn('Strongest bot: {action} ({score}%, tried {tries} times in {iterations} playout).',
      'Strongest bot: {action} ({score}%, tried {tries} times in {iterations} playouts).', hint.iterations,
      { action: describe(ctx.deck, hint.action), score: best.score, tries: best.tries,
        iterations: hint.iterations })
    : t('The strongest bot would {action}.', { action: describe(ctx.deck, hint.action) });
  return h('div', { class: 'hint', role: 'status' }, h('strong', {}, t('Hint')), ' ', reason,
    hint.alternatives.length > 1 ? h('ul', {}, hint.alternatives.slice(1).map((a) => h('li', {},
      t('{action}: {score}%', { action: describe(ctx.deck, a.action), score: a.score })))) : null);
}

function sidePanel() {
  const deck = deckOf(S.info.game);
  const log = h('ol', { class: 'log', 'aria-label': t('Moves') },
    S.log.slice(-60).map((entry) => h('li', {},
      h('span', { class: 'who' }, `${nameOfTableSeat(entry.table ? entry.seat : tableSeatOf(entry.seat))}: `),
      describe(deck, entry.action), byNote(entry.by))));
  const chatList = h('ul', { class: 'chat-lines', 'aria-label': t('Chat'), 'aria-live': 'polite' },
    S.chat.map((line) => h('li', {}, h('b', {}, `${unescapeHtml(line.name)}: `),
      unescapeHtml(line.text))));
  const input = h('input', { id: 'chat-text', maxlength: '300', 'aria-label': t('Message'),
    autocomplete: 'off' });
  const form = h('form', { class: 'chat-form' }, input,
    h('button', { type: 'submit' }, t('Send')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) send({ type: 'chat', text });
    input.value = '';
  });
  const panel = h('aside', { class: 'side' },
    h('details', { open: true }, h('summary', {}, t('Moves')), log),
    h('details', { open: true, class: 'chat' }, h('summary', {}, t('Chat')), chatList,
      S.seat !== null ? form : h('p', {}, t('Spectators read the chat.'))));
  setTimeout(() => { log.scrollTop = log.scrollHeight; chatList.scrollTop = chatList.scrollHeight; });
  return panel;
}

// The table's last move as a sentence, and who made it when it was not the player's choice.
function lastMoveLine(ctx) {
  const { last } = ctx.state;
  const text = lastMoveText({ deck: ctx.deck, game: ctx.game, last, name: nameOfTableSeat(last.seat),
    mine: S.seat !== null && last.seat === S.seat, events: ctx.state.events });
  return h('p', { class: 'last-move', 'aria-live': 'polite' }, text, byNote(last.by));
}

// Who made a move that was not the player's own choice (the server's `last.by`).
function byNote(by) {
  if (by === 'auto') return h('span', { class: 'by' }, ` (${t('your only choice, made for you')})`);
  if (by === 'timer') return h('span', { class: 'by' }, ` (${t('time ran out: played by the timer')})`);
  if (by === 'away') return h('span', { class: 'by' }, ` (${t('away: played by a bot')})`);
  return null;
}

function pointsTable(outcome, totals) {
  const sides = outcome.sides;
  const seats = (S.dealEnd && S.dealEnd.seats_of_deal) || (S.state && S.state.seats_of_deal) || [];
  const sideName = (side) => side.map((s) => nameOfTableSeat(seats[s] ?? s)).join(' + ');
  return h('table', { class: 'points' },
    h('thead', {}, h('tr', {}, h('th', {}, t('Player')), h('th', {}, t('Points')),
      totals ? h('th', {}, t('Total')) : null)),
    h('tbody', {}, sides.map((side, i) => h('tr', { class: outcome.winners.some((w) => side.includes(w)) ? 'winner' : '' },
      h('td', {}, sideName(side)), h('td', {}, num(outcome.points[i])),
      totals ? h('td', {}, num(totals[i] ?? '')) : null))));
}

// A deal's points, the game's breakdown of them, and links to its replay and record.
function dealSummary(end) {
  const outcome = end.outcome;
  const module = GAMES[S.info.game];
  return h('div', { class: 'deal-summary' },
    // after the match's points, the last deal's own heading only when there were several
    S.matchEnd && end.deal > 1 ? h('h3', {}, t('Deal {n} is over', { n: end.deal })) : null,
    outcome && !S.matchEnd ? pointsTable(outcome, module.totalsBySide ? module.totalsBySide(end) : end.totals) : null,
    outcome && module.breakdown
      ? module.breakdown({ ...context(), seats_of_deal: end.seats_of_deal }, outcome) : null,
    h('p', {}, h('a', { href: `/replay/${code}/${end.deal}` }, t('Replay this deal')), ' · ',
      h('a', { href: end.record, download: `${code}-deal-${end.deal}.json` }, t('Download its record'))));
}

// Ready for the next deal: the server deals it once every person at the table is.
function continueDeal(deal) {
  send({ type: 'continue', deal });
  S.dealEnd = null;
  render();
}

function dealEndDialog() {
  const end = S.dealEnd;
  const close = () => continueDeal(end.deal);
  return h('div', { class: 'overlay' }, h('section', {
    class: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'deal-end-title',
  },
  h('h2', { id: 'deal-end-title' }, t('Deal {n} is over', { n: end.deal })),
  dealSummary(end),
  S.state && S.state.phase === 'decision' && context().myTurn ? decision(context()) : null,
  h('button', { type: 'button', class: 'big', id: 'continue', onclick: close, autofocus: true },
    t('Continue'))));
}

function matchEndDialog() {
  const outcome = S.matchEnd.outcome;
  const deals = (S.state && S.state.deal) || 0;
  const winners = outcome ? outcome.winners.map((s) => nameOfTableSeat(s)).join(', ') : '';
  return h('div', { class: 'overlay' }, h('section', {
    class: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'match-end-title',
  },
  h('h2', { id: 'match-end-title' }, t('The match is over')),
  outcome ? h('p', { class: 'winners' }, t('Winner: {names}', { names: winners })) : null,
  outcome ? pointsTable(outcome, null) : null,
  S.dealEnd ? dealSummary(S.dealEnd) : null,
  h('p', {}, t('Replays:'), ' ', Array.from({ length: deals }, (_, i) => [
    h('a', { href: `/replay/${code}/${i + 1}` }, t('deal {n}', { n: i + 1 })), ' ']),
  ' · ', h('a', { href: `/api/tables/${code}/record`, download: `${code}.json` },
    t('Download the match record'))),
  rematchArea())); // friends: play again with the same people
}

// -- keys -------------------------------------------------------------------------------------

document.addEventListener('keydown', (event) => {
  if (event.key === 'Tab' && trapTab(event)) return;
  if (event.target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target.tagName)) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === 'h' || event.key === 'H') {
    const hint = document.getElementById('hint');
    if (hint) { hint.click(); event.preventDefault(); }
  } else if (/^[1-9]$/.test(event.key)) {
    const cards = [...app.querySelectorAll('.hand button.card:not([disabled])')];
    const card = cards[Number(event.key) - 1];
    if (card) { card.focus(); event.preventDefault(); }
  } else if (event.key === 'Escape' && S.dealEnd && !S.matchEnd) {
    continueDeal(S.dealEnd.deal);
  }
});

async function main() {
  await loadStrings();
  mountNav(h('a', { href: '/' }, t('Lobby')));
  try {
    S.info = await getJSON(`/api/tables/${code}`);
    rememberLink(S.info); // friends: the share link
    S.seats = S.info.seats;
    if (S.info.status === 'waiting') {
      // the option labels, for the house rules shown while waiting (optional: not fatal)
      S.games = await getJSON(`/api/games?lang=${encodeURIComponent(lang)}`).catch(() => []);
    }
  } catch (error) {
    // the server's own words when it gave some (a table set aside, the database away)
    const said = error && error.status && error.status !== 404 ? error.message : null;
    clear(app).append(h('p', { class: 'error', role: 'alert' }, error.code === 'table/expired'
      ? t('This table has expired: nobody was connected to it for a long time.')
      : said || t('There is no table with this code.')),
      h('a', { href: '/' }, t('Back to the lobby')));
    return;
  }
  if (S.info.status === 'finished') S.matchEnd = { outcome: S.info.result };
  render();
  connect();
  tick = setInterval(() => {
    for (const timer of document.querySelectorAll('.timer[data-deadline]')) {
      const left = Math.max(0, Math.round(Number(timer.dataset.deadline) - Date.now() / 1000));
      timer.textContent = t('{n} s left', { n: left });
    }
  }, 1000);
}

main();
