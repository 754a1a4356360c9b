// The side panel (the move log and the chat), and the felt's last-move line, which words a move
// as the log does.
import { deckOf } from '../cards.js';
import { h, unescapeHtml } from '../dom.js';
import { sentenceCase, t } from '../i18n.js';
import { ruleSetLine } from '../presets.js';
import { lastMoveText } from '../lastmove.js';
import { send } from './connection.js';
import { scoreSheet } from './scores.js';
import { settingsKey, settingsPanel } from './settings.js';
import { keep, place, same, shell } from './keep.js';
import { S, gameModule, nameOfTableSeat, render, tableSeatOf } from './state.js';

// The log follows the table's memory rule (PU-20, PU-21): what a player at a
// real table still sees. The game module's memory(entries, view) says which of this deal's
// entries are still in view (Punttu: the current and the last trick, every move with
// ``show_played``; Putto: since the last capture), or null for all; a game without it (Pontinho
// lays everything open on the table) shows all of its log.
export function visibleLog() {
  const module = gameModule();
  const view = (S.state && S.state.view) || {};
  const deal = S.state && S.state.deal;
  const shown = module && module.memory
    ? module.memory(S.log.filter((entry) => entry.dealNo === deal), view) : null;
  if (!shown) return { entries: S.log, hidden: false };
  return { entries: shown, hidden: shown.length < S.log.length };
}

// The game's own wording of its moves (lastmove.js), if it has one.
function sentencesOf() {
  const module = gameModule();
  return module ? module.sentences : undefined;
}

function seatOf(entry) {
  return entry.table ? entry.seat : tableSeatOf(entry.seat);
}

function moveText(deck, entry) {
  const seat = seatOf(entry);
  return lastMoveText({ deck, sentences: sentencesOf(), last: { ...entry, seat },
    name: nameOfTableSeat(seat), mine: S.seat !== null && seat === S.seat, events: entry.events });
}

const verbOf = (entry) => entry.action.trim().split(/\s+/)[0];

// Names in a list, as the terminal says them ("Cy, Di and you").
function namesList(names) {
  if (names.length < 2) return names.join('');
  return t('{names} and {last}', { names: names.slice(0, -1).join(', '), last: names[names.length - 1] });
}

// The log's lines: each move on its own, but a claim round's passes (Pontinho, PO-21), which
// change nothing on the table, together on one line with the advance that ended the round, if
// one did: "Cy and Di passed. You advanced: took …".
function logGroups(entries) {
  const groups = [];
  for (let i = 0; i < entries.length; i += 1) {
    const group = [entries[i]];
    if (verbOf(entries[i]) === 'pass') {
      while (i + 1 < entries.length && verbOf(entries[i + 1]) === 'pass') group.push(entries[(i += 1)]);
      if (i + 1 < entries.length && verbOf(entries[i + 1]) === 'advance') group.push(entries[(i += 1)]);
    }
    groups.push(group);
  }
  return groups;
}

function logLine(deck, group) {
  const last = group[group.length - 1];
  if (group.length === 1) return h('li', {}, moveText(deck, last), byNote(last.by));
  const passes = group.filter((entry) => verbOf(entry) === 'pass');
  const passed = passes.length === 1 ? moveText(deck, passes[0])
    : sentenceCase(t('{names} passed.', { names: namesList(passes.map((e) => nameOfTableSeat(seatOf(e)))) }));
  if (verbOf(last) !== 'advance') return h('li', {}, passed);
  return h('li', {}, `${passed} ${moveText(deck, last)}`, byNote(last.by));
}

// The side panel's parts are kept across redraws (keep.js): the <details> are the person's
// to open and close, the chat form keeps what is being typed, the log is built again only
// when a move was added (S.logRev) or a name changed.
export function sidePanel() {
  const panel = shell('side', () => h('aside', { class: 'side' }));
  return place(panel, [
    movesBox(),
    (S.state && S.state.deal > 1) || S.dealEnd ? sheetBox() : null,
    settingsBox(),
    chatBox(),
  ]);
}

function movesBox() {
  const box = shell('moves', () => h('details', { open: true }, h('summary', {}, t('Moves'))));
  const log = keep('log', [S.logRev || 0, S.state && S.state.deal, S.seats, S.seat], () => {
    const deck = deckOf(S.info.game);
    const { entries, hidden } = visibleLog();
    // tabindex: a list that scrolls must be reachable by keyboard, or its early lines can
    // only be read with a mouse (axe: scrollable-region-focusable).
    const list = h('ol', { class: 'log', 'aria-label': t('Moves'), tabindex: '0' },
      logGroups(entries).slice(-60).map((group) => logLine(deck, group)));
    setTimeout(() => { list.scrollTop = list.scrollHeight; });
    return h('div', { class: 'log-box' },
      hidden ? h('p', { class: 'memory-note' }, t('Earlier moves are not shown: remembering them is part of the game.')) : null,
      list);
  });
  return place(box, [box.firstChild, log]);
}

// The table's rule set by name (its preset, or custom), once /api/games has answered.
function ruleSet() {
  const game = (S.games || []).find((g) => g.game === S.info.game);
  if (!game || !S.info.preset) return null;
  return keep('settings-rule-set', [S.info.game, S.info.preset], () => ruleSetLine(game, S.info.preset));
}

function settingsBox() {
  const box = shell('settings', () => h('details', { class: 'settings' }, h('summary', {}, t('Settings'))));
  return place(box, [box.firstChild, ruleSet(),
    keep('settings-fields', [S.info.game, settingsKey()],
      () => settingsPanel(S.info.game, render, (speed) => send({ type: 'speed', speed })))]);
}

function sheetBox() {
  const box = shell('sheet', () => h('details', { class: 'sheet' }, h('summary', {}, t('Score sheet'))));
  return place(box, [box.firstChild, same('sheet-table', scoreSheet())]);
}

// Each chat line's element, by its message: a new line is added, the others stay.
const chatLines = new WeakMap();

function chatBox() {
  const box = shell('chat', () => h('details', { open: true, class: 'chat' }, h('summary', {}, t('Chat'))));
  const list = shell('chat-lines', () => h('ul', { class: 'chat-lines', 'aria-label': t('Chat'),
    'aria-live': 'polite', tabindex: '0' }));
  const count = list.childNodes.length;
  place(list, S.chat.map((line) => {
    if (!chatLines.has(line)) {
      chatLines.set(line, h('li', {}, h('b', {}, `${unescapeHtml(line.name)}: `), unescapeHtml(line.text)));
    }
    return chatLines.get(line);
  }));
  if (list.childNodes.length !== count) setTimeout(() => { list.scrollTop = list.scrollHeight; });
  const form = S.seat !== null ? shell('chat-form', chatForm)
    : same('chat-watch', h('p', {}, t('Spectators read the chat.')));
  return place(box, [box.firstChild, list, form]);
}

// The chat's form, made once: what is being typed survives every redraw.
function chatForm() {
  const input = h('input', { id: 'chat-text', maxlength: '300', 'aria-label': t('Message'),
    autocomplete: 'off' });
  const form = h('form', { class: 'chat-form' }, input, h('button', { type: 'submit' }, t('Send')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) send({ type: 'chat', text });
    input.value = '';
  });
  return form;
}

// The table's last move as a sentence, and who made it when it was not the player's choice.
// What the move did (the cards a capture took) only its events say: the state's, or, when a
// state comes again without them (a seat connecting, a name arriving, a timer), those the log
// kept for the same move, so that the felt never disagrees with the log.
export function lastMoveLine(ctx) {
  const { last } = ctx.state;
  const logged = S.log[S.log.length - 1];
  const same = logged && logged.table && logged.seat === last.seat && logged.action === last.action;
  const events = (ctx.state.events && ctx.state.events.length) || !same ? ctx.state.events : logged.events;
  const text = lastMoveText({ deck: ctx.deck, sentences: sentencesOf(), last, name: nameOfTableSeat(last.seat),
    mine: S.seat !== null && last.seat === S.seat, events });
  return h('p', { class: 'last-move', 'aria-live': 'polite' }, text, byNote(last.by));
}

// Who made a move that was not the player's own choice (the server's `last.by`).
export function byNote(by) {
  if (by === 'auto') return h('span', { class: 'by' }, ` (${t('your only choice, made for you')})`);
  if (by === 'timer') return h('span', { class: 'by' }, ` (${t('time ran out: played by the timer')})`);
  if (by === 'away') return h('span', { class: 'by' }, ` (${t('away: played by a bot')})`);
  return null;
}
