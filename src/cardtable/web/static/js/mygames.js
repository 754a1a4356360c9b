// "My games": the matches this player sat at, with their results and replays. The list comes
// from the server (/api/me/games: the seats linked to this player, on every device they use,
// docs/people.md), joined with the tables this browser remembers from before players existed
// (localStorage, kept by seats.js); each table's public summary is asked for as any visitor
// could (/api/tables/CODE).
import { titleOf } from './cards.js';
import { countdown } from './clock.js';
import { clear, getJSON, h, postJSON } from './dom.js';
import { loadStrings, mountNav, num, t } from './i18n.js';
import { addPasskey, passkeyButton } from './passkeys.js';
import { loadSeat, myTables } from './seats.js';
import { friendsPanel } from './friendlist.js'; // docs/people.md "Friends"
import { watchInvitations } from './invitations.js';

const app = document.getElementById('app');
// a table of a game this server no longer plays is listed by the game's name
const known = (game) => game in JSON.parse(document.body.dataset.games || '{}');
// The most tables looked up at once (the list holds at most seats.MAX_MINE).
const AT_ONCE = 6;

function seatName(info, seat, mine) {
  if (seat === mine) return t('you');
  const s = info.seats[seat];
  if (!s) return t('seat {n}', { n: seat + 1 });
  if (s.kind === 'bot') return t('bot {n} ({level})', { n: seat + 1, level: t(s.level) });
  return s.name || t('seat {n}', { n: seat + 1 });
}

// Whether the table waits for my decision (its summary's ``to_move`` is my seat).
function myTurn(entry, info) {
  const saved = loadSeat(entry.code);
  const mine = saved ? saved.seat : entry.seat;
  return info.status === 'running' && info.to_move === mine;
}

function row(entry, info) {
  const saved = loadSeat(entry.code);
  const mine = saved ? saved.seat : entry.seat;
  const result = info.result;
  const when = new Date(entry.at).toLocaleDateString(document.documentElement.lang);
  const title = `${t(known(info.game) ? titleOf(info.game) : info.game)} · ${when}`;
  if (!result) {
    if (myTurn(entry, info)) { // the game clock: my turn, and how long I have
      const left = info.clock_left ? [' ', h('span', { class: 'chip clock' }, countdown(info.clock_left[mine]))] : [];
      return h('li', { class: 'my-game my-turn' }, h('b', {}, title), ' ',
        h('a', { href: `/t/${entry.code}` }, t('Your turn: back to the table')), ...left);
    }
    return h('li', { class: 'my-game' }, h('b', {}, title), ' ',
      h('a', { href: `/t/${entry.code}` }, t('Still being played: back to the table')));
  }
  const won = result.winners.includes(mine);
  const sides = result.sides.map((side, i) => `${side.map((s) => seatName(info, s, mine)).join(' + ')} ${num(result.points[i])}`);
  return h('li', { class: `my-game${won ? ' won' : ''}` },
    h('b', {}, title), ' ', h('span', { class: 'badge' }, won ? t('won') : t('lost')),
    h('p', {}, sides.join(' · ')),
    h('p', {}, t('Replays:'), ' ', Array.from({ length: info.deal }, (_, i) => [
      h('a', { href: `/replay/${entry.code}/${i + 1}` }, t('deal {n}', { n: i + 1 })), ' '])));
}

// The server's list first, then what only this browser remembers; newest first, once each.
async function allMine() {
  const local = myTables();
  const mine = await getJSON('/api/me/games').then((answer) => answer.games).catch(() => []);
  const entries = mine.map((g) => ({ code: g.code, seat: g.seat, at: Date.parse(g.joined_at) }));
  const listed = new Set(entries.map((e) => e.code));
  return entries.concat(local.filter((e) => !listed.has(e.code))).sort((a, b) => b.at - a.at);
}

// "Play on another device": a one-time sign-in link and its QR code (docs/people.md). The QR
// code is asked for with a POST, so the link's secret is in no address.
async function showLink(box, button) {
  button.disabled = true;
  try {
    const made = await postJSON('/api/me/link', {});
    const svg = await fetch('/signin/qr.svg', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ link: made.link }),
    }).then((answer) => answer.blob());
    box.replaceChildren(
      h('img', { class: 'qr', src: URL.createObjectURL(svg), width: '148', height: '148',
        alt: t('QR code of your sign-in link') }),
      h('div', {},
        h('p', {}, t('Open this link on your other device within 10 minutes, or scan the code. It works once.')),
        h('p', {}, h('code', { id: 'signin-link' }, made.link))));
  } catch (error) {
    box.replaceChildren(h('p', { class: 'error', role: 'alert' }, error.message));
  }
  button.disabled = false;
}

function otherDevice() {
  const box = h('div', { class: 'share', id: 'signin-box' });
  const button = h('button', { type: 'button', id: 'make-link' }, t('Sign in on another device'));
  button.addEventListener('click', () => showLink(box, button));
  return h('section', { class: 'other-device' }, h('h2', {}, t('Play on another device')), button, box,
    h('p', {}, t('Or add a passkey: then this phone or computer\'s lock signs you in on any device, with no link.')),
    passkeyButton('add-passkey', t('Add a passkey'), addPasskey, () => t('Passkey added. Sign in with it on your other devices.')));
}

async function main() {
  await loadStrings();
  mountNav(h('a', { href: '/' }, t('Lobby')));
  const me = await getJSON('/api/me').catch(() => null);
  watchInvitations();
  const entries = await allMine();
  const mine = [];
  for (let i = 0; i < entries.length; i += AT_ONCE) {
    const infos = await Promise.all(entries.slice(i, i + AT_ONCE).map(
      (entry) => getJSON(`/api/tables/${entry.code}`).catch(() => null)));
    infos.forEach((info, k) => { if (info && info.status !== 'waiting') mine.push([entries[i + k], info]); });
  }
  // the tables where it is my turn first (the game clock's turn-based tables: docs/clock.md)
  const found = [...mine.filter(([e, info]) => myTurn(e, info)),
    ...mine.filter(([e, info]) => !myTurn(e, info))].map(([e, info]) => row(e, info));
  clear(app).append(h('h1', {}, t('My games')),
    h('p', { class: 'hint-text' }, t('The matches you played, on every device you use.')),
    me ? h('p', {}, h('a', { href: `/p/${me.id}`, id: 'my-profile' }, t('Your profile'))) : null,
    found.length ? h('ul', { class: 'my-games' }, found) : h('p', {}, t('No games yet.')),
    otherDevice(), friendsPanel());
}

main();
