// A friend's invitation to their table (docs/people.md "Friends"), shown on the lobby and "My
// games": the page asks for its player's open invitations every POLL seconds (which also keeps
// the player "online" for their friends, server/people/presence.py) and shows each with the
// table's game, size and house rules, to accept (taken to the table, where a seat is free) or
// decline. The server keeps invitations in the database, so one made on any process of a
// cluster reaches the page whichever process it asks.
import { titleOf } from './cards.js';
import { getJSON, h, postJSON } from './dom.js';
import { lang, t, tn } from './i18n.js';
import { rulesHref } from './ruleslink.js';

// The server's presence.POLL_SECONDS.
const POLL = 15000;

function invitationBox(invitation, refresh) {
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const answer = async (how, button) => {
    button.disabled = true;
    try {
      const answered = await postJSON(`/api/me/invitations/${invitation.id}/${how}`, {});
      if (how === 'accept') {
        window.location.assign(`/t/${answered.table}`);
        return;
      }
      refresh();
    } catch (failure) {
      error.hidden = false;
      error.textContent = failure.message;
      button.disabled = false;
    }
  };
  const accept = h('button', { type: 'button', class: 'accept-invitation' }, t('Accept'));
  const decline = h('button', { type: 'button', class: 'decline-invitation secondary' }, t('Decline'));
  accept.addEventListener('click', () => answer('accept', accept));
  decline.addEventListener('click', () => answer('decline', decline));
  return h('div', { class: 'invitation', dataset: { id: invitation.id } },
    h('p', {}, t('{name} invites you to a table of {game} ({players}).', {
      name: invitation.from.name || t('A friend'), game: t(titleOf(invitation.game)),
      players: tn('{n} player', '{n} players', invitation.players, { n: invitation.players }) })),
    h('p', {}, h('a', { href: rulesHref(invitation.game, invitation.players, invitation.options, lang),
      target: '_blank' }, t('The house rules of this table'))),
    h('p', { class: 'actions' }, accept, ' ', decline), error);
}

// Starts asking; the invitations appear in a region above the page's main content.
export function watchInvitations() {
  const region = h('section', { id: 'invitations', 'aria-live': 'polite', 'aria-label': t('Invitations'), hidden: true });
  document.getElementById('app').before(region);
  let shown = '';
  const refresh = async () => {
    const found = await getJSON('/api/me/invitations').then((a) => a.invitations).catch(() => null);
    if (found === null) return;
    const key = found.map((i) => i.id).join(' ');
    if (key === shown) return;
    shown = key;
    region.hidden = found.length === 0;
    region.replaceChildren(...found.map((i) => invitationBox(i, refresh)));
  };
  refresh();
  setInterval(refresh, POLL);
  return refresh;
}
