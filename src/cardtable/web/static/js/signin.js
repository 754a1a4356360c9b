// The page a one-time sign-in link opens (/signin#SECRET, docs/people.md). The secret stays
// after '#', so it never reaches a server log; this page posts it once the person agrees (a
// link preview that merely opens the page uses nothing up).
import { clear, h, postJSON } from './dom.js';
import { loadStrings, mountNav, t } from './i18n.js';
import { passkeyButton, signInWithPasskey } from './passkeys.js';

const app = document.getElementById('app');

async function signIn(secret, button, message) {
  button.disabled = true;
  try {
    const me = await postJSON('/api/signin', { secret });
    history.replaceState(null, '', '/signin'); // the used secret leaves the address bar
    clear(app).append(h('h1', {}, t('Sign in on this device')),
      h('p', { role: 'status' }, me.name ? t('You are signed in as {name}.', { name: me.name }) : t('You are signed in.')),
      h('p', {}, h('a', { href: '/mine' }, t('My games'))));
  } catch (error) {
    message.textContent = error.message;
    button.disabled = false;
  }
}

async function main() {
  await loadStrings();
  mountNav(h('a', { href: '/' }, t('Lobby')));
  const secret = decodeURIComponent(location.hash.slice(1));
  const title = h('h1', {}, t('Sign in on this device'));
  if (!secret) {
    clear(app).append(title,
      h('p', {}, t('Sign in with a passkey you added on another device: your games here join that player\'s.')),
      ...passkeyButton('passkey-signin', t('Sign in with a passkey'), signInWithPasskey,
        (me) => (me.name ? t('You are signed in as {name}.', { name: me.name }) : t('You are signed in.'))),
      h('p', {}, h('a', { href: '/mine' }, t('My games'))),
      h('p', {}, t('No passkey? Ask for a sign-in link on your other device, under My games.')));
    return;
  }
  const message = h('p', { class: 'error', role: 'alert' });
  const button = h('button', { type: 'button', id: 'signin' }, t('Sign in on this device'));
  button.addEventListener('click', () => signIn(secret, button, message));
  clear(app).append(title,
    h('p', {}, t('Sign in as the player who sent you this link: your games here join theirs.')),
    button, message);
}

main();
