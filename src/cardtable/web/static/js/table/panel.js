// The side panel (the move log and the chat), and the felt's last-move line, which words a move
// as the log does.
import { describe } from '../actions.js';
import { deckOf } from '../cards.js';
import { h, unescapeHtml } from '../dom.js';
import { t } from '../i18n.js';
import { lastMoveText } from '../lastmove.js';
import { send } from './connection.js';
import { scoreSheet } from './scores.js';
import { S, nameOfTableSeat, tableSeatOf } from './state.js';

export function sidePanel() {
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
    (S.state && S.state.deal > 1) || S.dealEnd
      ? h('details', { class: 'sheet' }, h('summary', {}, t('Score sheet')), scoreSheet()) : null,
    h('details', { open: true, class: 'chat' }, h('summary', {}, t('Chat')), chatList,
      S.seat !== null ? form : h('p', {}, t('Spectators read the chat.'))));
  setTimeout(() => { log.scrollTop = log.scrollHeight; chatList.scrollTop = chatList.scrollHeight; });
  return panel;
}

// The table's last move as a sentence, and who made it when it was not the player's choice.
export function lastMoveLine(ctx) {
  const { last } = ctx.state;
  const text = lastMoveText({ deck: ctx.deck, game: ctx.game, last, name: nameOfTableSeat(last.seat),
    mine: S.seat !== null && last.seat === S.seat, events: ctx.state.events });
  return h('p', { class: 'last-move', 'aria-live': 'polite' }, text, byNote(last.by));
}

// Who made a move that was not the player's own choice (the server's `last.by`).
export function byNote(by) {
  if (by === 'auto') return h('span', { class: 'by' }, ` (${t('your only choice, made for you')})`);
  if (by === 'timer') return h('span', { class: 'by' }, ` (${t('time ran out: played by the timer')})`);
  if (by === 'away') return h('span', { class: 'by' }, ` (${t('away: played by a bot')})`);
  return null;
}
