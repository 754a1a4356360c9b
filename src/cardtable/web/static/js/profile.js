// A player's profile (/p/ID, docs/people.md "Profiles"): their avatar and name, what they
// played, won and scored per game and table size, their recent matches with the replays, how
// they fared against the person looking, and, on one's own profile, deleting the account.
import { titleOf } from './cards.js';
import { clear, getJSON, h } from './dom.js';
import { loadStrings, mountNav, num, t, tn } from './i18n.js';
import { addPasskey, passkeyButton } from './passkeys.js';
import { ratingWords } from './ratings.js';

const app = document.getElementById('app');
const id = document.body.dataset.player;
const known = (game) => game in JSON.parse(document.body.dataset.games || '{}');
const gameTitle = (game) => t(known(game) ? titleOf(game) : game);

function avatar(p) {
  return h('span', { class: 'avatar profile-avatar', style: `background:${p.colour}`, 'aria-hidden': 'true' }, p.initials);
}

function totals(rows) {
  if (!rows.length) return h('p', {}, t('No finished matches yet.'));
  return h('table', { class: 'points profile-totals' },
    h('thead', {}, h('tr', {}, [t('Game'), t('Players'), t('Played'), t('Won'), t('Points')]
      .map((label) => h('th', { scope: 'col' }, label)))),
    h('tbody', {}, rows.map((r) => h('tr', {},
      h('td', {}, gameTitle(r.game)), h('td', {}, num(r.players)), h('td', {}, num(r.played)),
      h('td', {}, num(r.won)), h('td', {}, num(r.points))))));
}

function recent(matches) {
  return h('ul', { class: 'my-games' }, matches.map((m) => {
    const when = m.finished_at ? new Date(m.finished_at).toLocaleDateString(document.documentElement.lang) : '';
    return h('li', { class: `my-game${m.won ? ' won' : ''}` },
      h('b', {}, `${gameTitle(m.game)} · ${when}`), ' ',
      h('span', { class: 'badge' }, m.won ? t('won') : t('lost')), ' ',
      tn('{n} point', '{n} points', m.points, { n: num(m.points) }),
      h('p', {}, t('Replays:'), ' ', Array.from({ length: m.deals }, (_, i) => [
        h('a', { href: `/replay/${m.code}/${i + 1}` }, t('deal {n}', { n: i + 1 })), ' '])));
  }));
}

function headToHead(p) {
  const v = p.head_to_head;
  return h('section', { class: 'head-to-head' }, h('h2', {}, t('You and {name}', { name: p.name || t('this player') })),
    h('dl', { class: 'profile-facts' },
      h('dt', {}, t('Matches together')), h('dd', {}, num(v.played)),
      h('dt', {}, t('Won by {name}', { name: p.name || t('this player') })), h('dd', {}, num(v.won)),
      h('dt', {}, t('Won by you')), h('dd', {}, num(v.lost))));
}

// Each game's rating in words (ratings.js: "about 1,520, still settling after 4 matches"),
// with the way to the game's leaderboard.
function ratings(list) {
  if (!list.length) return null;
  return h('section', { class: 'ratings', id: 'profile-ratings' }, h('h2', {}, t('Rating')),
    h('dl', { class: 'profile-facts' }, list.map((r) => [
      h('dt', {}, gameTitle(r.game)),
      h('dd', {}, ratingWords(r), ' ', h('a', { href: `/ratings/${r.game}` }, t('Leaderboard')))])));
}

// "Delete my account": a dialog that says what goes and what stays, focused on keeping it.
function deleteDialog(button) {
  const message = h('p', { class: 'error', role: 'alert' });
  const keep = h('button', { type: 'button', id: 'keep-account' }, t('Keep my account'));
  const confirm = h('button', { type: 'button', id: 'confirm-delete', class: 'danger' }, t('Delete my account'));
  const overlay = h('div', { class: 'overlay' }, h('section', {
    class: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'delete-title', id: 'delete-dialog',
  },
  h('h2', { id: 'delete-title' }, t('Delete your account?')),
  h('p', {}, t('Your name, your passkeys and your sign-in links leave this server, on every device.')),
  h('p', {}, t('The games you played stay as they were for the other players: your seat in them reads "a former player".')),
  h('p', {}, h('b', {}, t('This cannot be undone.'))),
  h('div', { class: 'dialog-buttons' }, keep, confirm), message));
  const close = () => { overlay.remove(); button.focus(); };
  keep.addEventListener('click', close);
  overlay.addEventListener('keydown', (event) => { if (event.key === 'Escape') close(); });
  confirm.addEventListener('click', async () => {
    confirm.disabled = true;
    const answer = await fetch('/api/me', { method: 'DELETE', headers: { accept: 'application/json' } });
    if (answer.ok) {
      overlay.remove();
      clear(app).append(h('h1', {}, t('Your account is deleted.')),
        h('p', { role: 'status' }, t('Thank you for playing.')), h('p', {}, h('a', { href: '/' }, t('Lobby'))));
      return;
    }
    const body = await answer.json().catch(() => ({}));
    message.textContent = (body.error && body.error.message) || answer.statusText;
    confirm.disabled = false;
  });
  document.body.append(overlay);
  keep.focus();
}

function own(p) {
  const button = h('button', { type: 'button', id: 'delete-account', class: 'danger' }, t('Delete my account'));
  button.addEventListener('click', () => deleteDialog(button));
  return h('section', { class: 'own-profile' },
    h('p', {}, p.hidden ? t('Your profile is hidden: only you see this page.')
      : t('Anyone with this page\'s address sees it.')),
    h('p', {}, h('a', { href: '/mine' }, t('My games'))),
    h('h2', {}, t('Your account')),
    h('p', {}, t('A passkey lets this phone or computer\'s lock sign you in on any device, with no link.')),
    passkeyButton('add-passkey', t('Add a passkey'), addPasskey, () => t('Passkey added. Sign in with it on your other devices.')),
    h('p', {}, button));
}

async function main() {
  await loadStrings();
  mountNav(h('a', { href: '/' }, t('Lobby')));
  let p;
  try {
    p = await getJSON(`/api/players/${encodeURIComponent(id)}`);
  } catch (error) {
    clear(app).append(h('h1', {}, t('Player')), h('p', { class: 'error', role: 'alert' }, error.message));
    return;
  }
  const parts = [
    h('div', { class: 'profile-head' }, avatar(p), h('h1', {}, p.name || t('A player without a name'))),
    ratings(p.ratings),
    p.head_to_head ? headToHead(p) : null,
    h('h2', {}, t('Matches per game')), totals(p.totals),
    ...(p.recent.length ? [h('h2', {}, t('Recent matches')), recent(p.recent)] : []),
    p.mine ? own(p) : null];
  clear(app).append(...parts.filter(Boolean));
}

main();
