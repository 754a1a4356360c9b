// The page a friend link opens (/f#SECRET, docs/people.md "Friends"): as a sign-in link's
// (secretlink.js), the secret is used only when the person presses the button.
import { h, postJSON } from './dom.js';
import { t } from './i18n.js';
import { secretLinkPage } from './secretlink.js';

secretLinkPage({
  texts: () => ({
    title: t('Become friends'),
    button: t('Become friends'),
    explain: t('A friend sent you this link: become friends to see when each other is online and to invite each other to tables.'),
    empty: t('This address holds no friend link. Ask your friend for one.'),
    nav: [h('a', { href: '/' }, t('Lobby')), h('a', { href: '/mine' }, t('My games'))],
  }),
  id: 'befriend',
  path: '/f',
  post: (secret) => postJSON('/api/friends/link', { secret }),
  done: (friend) => [
    h('p', { role: 'status', id: 'befriended' }, t('You and {name} are friends now.', { name: friend.name || t('A friend') })),
    h('p', {}, h('a', { href: '/mine#friends' }, t('My friends')))],
});
