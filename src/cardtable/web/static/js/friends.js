// Friends at the table: the rematch with the same people, leaving a table, and
// the share link with its QR code. table.js calls these from a few marked lines; the table's
// page state (S) is shared, the rest of this module's memory is its own.
import { h, postJSON } from './dom.js';
import { sentenceCase, t } from './i18n.js';
import { forgetSeat, saveSeat } from './seats.js';
import { nickname } from './nickname.js';
import { dailyOf } from './dailymark.js';

let env = null; // { S, code, send, render, nameOf }
let link = null; // the share link the server gave (TableInfo.link)
let reach = 'network'; // whom it reaches (TableInfo.reach): public, network or local
let copiedUntil = 0;
let confirmLeave = false;

export function initFriends(options) {
  env = options;
}

// What this module shows that a redraw of the waiting page must not skip.
export function friendsKey() {
  return [Date.now() < copiedUntil, confirmLeave];
}

// The server's link and whom it reaches (server/features/homenet.py: the configured public
// address, the host's network address, or this computer's), kept from the first summary: later
// summaries (welcome) carry none. Never built from this page's location: a host's browser on
// 127.0.0.1 would put an address no friend can open in every QR code.
export function rememberLink(info) {
  if (info && info.link) {
    link = info.link;
    reach = info.reach || reach;
  }
}

export function shareLink() {
  return link || '';
}

// A translated sentence with its {placeholders} filled by <code> elements (command-line options,
// which stay whole on a narrow phone and are not translated).
function withCode(sentence, codes) {
  return sentence.split(/\{(\w+)\}/).map((part, index) => (index % 2
    ? h('code', { class: 'option' }, codes[part] || part) : part));
}

// Who can open the link, in words; on 127.0.0.1, how to let others in.
function reachHint() {
  if (reach === 'public') {
    return h('p', { class: 'hint-text', id: 'share-reach' },
      t('Anyone with the link can join: send it, or let them scan the code.'));
  }
  if (reach === 'local') {
    return h('div', { class: 'hint-text local-only', id: 'share-reach' },
      h('p', {}, h('strong', {}, t('This link works on this computer only.'))),
      h('p', {}, ...withCode(
        t('To let others join, start the server with {flag} (people on your network) or give it a public address with {public} (see docs/hosting.md).'),
        { flag: '--host 0.0.0.0', public: '--public-url' })));
  }
  return h('p', { class: 'hint-text', id: 'share-reach' },
    t('Friends on your network can scan the code with a phone.'));
}

async function copyLink() {
  const text = shareLink();
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    window.prompt(t('Share this link'), text);
    return;
  }
  copiedUntil = Date.now() + 2500;
  env.render();
  setTimeout(() => env.render(), 2600);
}

// "Copy the link", which says so once it has copied.
export function copyButton(id = 'copy-link-top') {
  const copied = Date.now() < copiedUntil;
  return h('button', { type: 'button', class: `link${copied ? ' copied' : ''}`, id,
    onclick: copyLink, 'aria-live': 'polite' }, copied ? t('Link copied') : t('Copy the link'));
}

// The link to give friends, with a QR code for phones (made by the server, segno).
export function shareBox() {
  const text = shareLink();
  return h('div', { class: 'share' },
    h('img', { class: 'qr', src: `/t/${env.code}/qr.svg`, width: '148', height: '148',
      alt: t('QR code of the link to this table') }),
    h('div', {},
      h('p', {}, t('Link to this table:'), ' ', h('a', { href: text, id: 'share-link' }, text)),
      reachHint(),
      copyButton('copy-link')));
}

// -- leaving -----------------------------------------------------------------------------------

export function leaveControl() {
  const { S } = env;
  if (S.seat === null || S.seat === undefined || !S.info || S.info.status === 'finished') return null;
  if (!confirmLeave) {
    return h('button', { type: 'button', class: 'link', id: 'leave',
      onclick: () => { confirmLeave = true; env.render(); } }, t('Leave the table'));
  }
  const solo = S.seats.filter((s) => s.kind === 'person').length === 1;
  return h('span', { class: 'confirm-leave', role: 'group' },
    solo ? t('Leave? The table closes.') : t('Leave? A bot takes your seat.'), ' ',
    h('button', { type: 'button', id: 'leave-yes',
      onclick: () => { env.send({ type: 'leave' }); } }, t('Leave')), ' ',
    h('button', { type: 'button', id: 'leave-no',
      onclick: () => { confirmLeave = false; env.render(); } }, t('Stay')));
}

// -- the rematch -------------------------------------------------------------------------------

// A `rematch` or `left` message (true: handled here).
export function onFriendsMessage(message) {
  const { S } = env;
  if (message.type === 'left') {
    forgetSeat(env.code);
    window.location.assign('/');
    return true;
  }
  if (message.type !== 'rematch') return false;
  S.rematch = message;
  if (message.code && message.token) {
    // my seat at the new table: the same seat, under my name
    saveSeat(message.code, message.seat, message.token);
    window.location.assign(`/t/${message.code}`);
  }
  return true;
}

function names(seats) {
  return seats.map((seat) => env.nameOf(seat)).join(', ');
}

// What the match-end dialog offers: play again with the same people (each accepts), or, when
// someone declines or is gone, against bots.
export function rematchArea() {
  const { S } = env;
  const offer = S.rematch;
  const people = S.seats.filter((s) => s.kind === 'person').length;
  const seated = S.seat !== null && S.seat !== undefined;
  const parts = [];
  if (offer && offer.code && !seated) {
    parts.push(h('p', {}, h('a', { href: `/t/${offer.code}`, id: 'watch-rematch' }, t('Watch the rematch'))));
  }
  if (offer && people > 1) {
    const lines = [];
    if (offer.accepted.length) lines.push(t('Ready to play again: {names}.', { names: names(offer.accepted) }));
    const others = offer.waiting.filter((seat) => seat !== S.seat); // my own buttons ask me
    if (others.length) lines.push(t('Waiting for {names} to accept.', { names: names(others) }));
    if (offer.declined.length) lines.push(sentenceCase(t('{names} will not play again.', { names: names(offer.declined) })));
    parts.push(h('p', { class: 'rematch-status', role: 'status', 'aria-live': 'polite' }, lines.join(' ')));
  }
  const buttons = [];
  const daily = dailyOf(env.code);
  if (daily) { // the daily deal: no rematch (it is today's deal), the board instead
    buttons.push(h('a', { href: `/daily?game=${daily.game}&players=${daily.players}`, class: 'button big',
      id: 'daily-board', autofocus: true }, t('See the daily board')));
  } else if (seated) {
    const mine = offer && offer.accepted.includes(S.seat);
    const asked = offer && !mine && offer.accepted.length > 0;
    if (!mine) {
      buttons.push(h('button', { type: 'button', class: 'big', id: 'play-again', autofocus: true,
        onclick: () => env.send({ type: 'rematch', accept: true }) },
        asked ? t('Accept the rematch') : people > 1 ? t('Play again with everyone') : t('Play again')));
    }
    if (asked && !(offer.declined || []).includes(S.seat)) {
      buttons.push(h('button', { type: 'button', id: 'rematch-decline',
        onclick: () => env.send({ type: 'rematch', accept: false }) }, t('Decline')));
    }
    if (people > 1) {
      buttons.push(h('button', { type: 'button', id: 'play-bots', onclick: playAgainstBots },
        t('Play against bots instead')));
    }
  }
  buttons.push(h('a', { href: '/', class: 'button' }, t('Back to the lobby')));
  parts.push(h('div', { class: 'row' }, buttons));
  return parts;
}

// The same game and options against bots, alone (what "Play again" did before the rematch).
async function playAgainstBots() {
  const { S } = env;
  const bots = S.seats.filter((s) => s.kind === 'bot');
  const level = bots.length ? bots[0].level : 'medium';
  try {
    const joined = await postJSON('/api/play', {
      game: S.info.game, players: S.info.players, options: S.info.options, level,
      name: nickname(), hints: S.info.hints,
    });
    saveSeat(joined.code, joined.seat, joined.token);
    window.location.assign(`/t/${joined.code}`);
  } catch (error) {
    S.error = error.message;
    env.render();
  }
}
