// The page a one-time sign-in link opens (/signin#SECRET, docs/people.md): secretlink.js.
import { h, postJSON } from './dom.js';
import { t } from './i18n.js';
import { secretLinkPage } from './secretlink.js';

secretLinkPage({
  texts: () => ({
    title: t('Sign in on this device'),
    button: t('Sign in on this device'),
    explain: t('Sign in as the player who sent you this link: your games here join theirs.'),
    empty: t('This address holds no sign-in link. Ask for one on your other device.'),
    nav: [h('a', { href: '/' }, t('Lobby'))],
  }),
  id: 'signin',
  path: '/signin',
  post: (secret) => postJSON('/api/signin', { secret }),
  done: (me) => [
    h('p', { role: 'status' }, me.name ? t('You are signed in as {name}.', { name: me.name }) : t('You are signed in.')),
    h('p', {}, h('a', { href: '/mine' }, t('My games')))],
});
