// "My friends" on "My games" (docs/people.md "Friends"): friends with who is online and at
// which table (to watch it, or to invite them to one of your tables), the requests waiting for
// an answer, the people you sat with (to ask), and a friend link to send.
import { titleOf } from './cards.js';
import { getJSON, h, postJSON } from './dom.js';
import { t } from './i18n.js';

async function send(method, url, body) {
  if (method === 'POST') return postJSON(url, body);
  const response = await fetch(url, { method, headers: { accept: 'application/json' } });
  const data = await response.json();
  if (!response.ok) throw new Error((data.error && data.error.message) || response.statusText);
  return data;
}

function avatar(person) {
  return h('span', { class: 'avatar', style: `background:${person.colour}`, 'aria-hidden': 'true' },
    person.initials);
}

function button(text, className, run) {
  const el = h('button', { type: 'button', class: className }, text);
  el.addEventListener('click', async () => {
    el.disabled = true;
    await run();
    el.disabled = false;
  });
  return el;
}

function status(friend) {
  if (!friend.online) return h('span', { class: 'presence' }, t('offline'));
  if (!friend.table) return h('span', { class: 'presence online' }, t('online'));
  return h('span', { class: 'presence online' },
    t('online, at a table of {game}', { game: t(titleOf(friend.game)) }), ' ',
    h('a', { href: `/t/${friend.table}`, class: 'watch-friend' }, t('Watch')));
}

// The tables the player sits at that are not over: where they may invite a friend.
function inviteForm(friend, tables, say) {
  if (!tables.length) return null;
  const id = `invite-${friend.id}`;
  const select = h('select', { id, class: 'invite-table' },
    tables.map((g) => h('option', { value: g.code }, `${t(titleOf(g.game))} · ${g.code}`)));
  return h('span', { class: 'invite' },
    h('label', { for: id, class: 'visually-hidden' }, t('Table to invite {name} to', { name: friend.name })),
    select, ' ',
    button(t('Invite'), 'invite-friend', async () => {
      try {
        await postJSON('/api/me/invitations', { friend: friend.id, table: select.value });
        say(t('{name} is invited.', { name: friend.name }));
      } catch (error) {
        say(error.message, true);
      }
    }));
}

function personRow(person, ...parts) {
  return h('li', { class: 'friend', dataset: { id: person.id } }, avatar(person), ' ',
    h('b', {}, person.name || t('A friend')), ' ', ...parts);
}

async function friendLink(box) {
  try {
    const made = await postJSON('/api/me/friends/link', {});
    box.replaceChildren(
      h('p', {}, t('Send this link to a friend. Whoever opens it first becomes your friend; it works for seven days.')),
      h('p', {}, h('code', { id: 'friend-link' }, made.link)));
    box.scrollIntoView({ block: 'nearest' }); // shown whole, below the button pressed
  } catch (error) {
    box.replaceChildren(h('p', { class: 'error', role: 'alert' }, error.message));
  }
}

// The section, drawn now and again after each change.
export function friendsPanel() {
  const section = h('section', { class: 'friends-panel', id: 'friends' });
  const message = h('p', { role: 'status', class: 'friends-message' });
  const say = (text, failed = false) => {
    message.textContent = text;
    message.classList.toggle('error', failed);
  };
  const act = (method, url, body) => async () => {
    try {
      await send(method, url, body);
      await draw();
    } catch (error) {
      say(error.message, true);
    }
  };
  const linkBox = h('div', { class: 'share', id: 'friend-link-box' });
  const draw = async () => {
    const [found, games] = await Promise.all([
      getJSON('/api/me/friends'),
      getJSON('/api/me/games').then((a) => a.games).catch(() => []),
    ]);
    const tables = games.filter((g) => g.status !== 'finished');
    const lists = [];
    if (found.asking.length) {
      lists.push(h('h3', {}, t('Asking to be your friend')), h('ul', { class: 'friends asking' },
        found.asking.map((p) => personRow(p,
          button(t('Accept'), 'accept-friend', act('POST', '/api/me/friends', { player: p.id })), ' ',
          button(t('Decline'), 'decline-friend secondary', act('DELETE', `/api/me/friends/${p.id}`))))));
    }
    lists.push(found.friends.length
      ? h('ul', { class: 'friends mine' }, found.friends.map((f) => personRow(f, status(f), ' ',
        inviteForm(f, tables, say), ' ',
        button(t('Remove'), 'remove-friend secondary', act('DELETE', `/api/me/friends/${f.id}`)))))
      : h('p', {}, t('No friends yet.')));
    if (found.asked.length) {
      lists.push(h('h3', {}, t('Waiting for their answer')), h('ul', { class: 'friends asked' },
        found.asked.map((p) => personRow(p,
          button(t('Take back'), 'take-back secondary', act('DELETE', `/api/me/friends/${p.id}`))))));
    }
    if (found.met.length) {
      lists.push(h('h3', {}, t('People you played with')), h('ul', { class: 'friends met' },
        found.met.map((p) => personRow(p,
          button(t('Ask to be friends'), 'ask-friend', act('POST', '/api/me/friends', { player: p.id }))))));
    }
    section.replaceChildren(h('h2', {}, t('My friends')), message, ...lists,
      button(t('Make a friend link'), 'make-friend-link', () => friendLink(linkBox)), linkBox);
  };
  draw().catch((error) => say(error.message, true));
  return section;
}
