// The page a friend link opens (/f#SECRET, docs/people.md "Friends"). As with sign-in links the
// secret stays after '#' (no server log sees it), and it is used only when the person presses
// the button: a link preview that merely opens the page makes nobody a friend.
import { clear, h, postJSON } from './dom.js';
import { loadStrings, mountNav, t } from './i18n.js';

const app = document.getElementById('app');

async function befriend(secret, button, message) {
  button.disabled = true;
  try {
    const friend = await postJSON('/api/friends/link', { secret });
    history.replaceState(null, '', '/f'); // the used secret leaves the address bar
    clear(app).append(h('h1', {}, t('Become friends')),
      h('p', { role: 'status', id: 'befriended' }, t('You and {name} are friends now.', { name: friend.name || t('A friend') })),
      h('p', {}, h('a', { href: '/mine#friends' }, t('My friends'))));
  } catch (error) {
    message.textContent = error.message;
    button.disabled = false;
  }
}

async function main() {
  await loadStrings();
  mountNav(h('a', { href: '/' }, t('Lobby')), h('a', { href: '/mine' }, t('My games')));
  const secret = decodeURIComponent(location.hash.slice(1));
  const title = h('h1', {}, t('Become friends'));
  if (!secret) {
    clear(app).append(title, h('p', {}, t('This address holds no friend link. Ask your friend for one.')));
    return;
  }
  const message = h('p', { class: 'error', role: 'alert' });
  const button = h('button', { type: 'button', id: 'befriend' }, t('Become friends'));
  button.addEventListener('click', () => befriend(secret, button, message));
  clear(app).append(title,
    h('p', {}, t('A friend sent you this link: become friends to see when each other is online and to invite each other to tables.')),
    button, message);
}

main();
