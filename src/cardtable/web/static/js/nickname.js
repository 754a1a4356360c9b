// The nickname this browser plays under, remembered in localStorage and offered
// at every new table, so that nobody sits down as "player". A first visit gets a guest name
// with a number, which the player may change at any table or in the lobby.
import { t } from './i18n.js';
import { saveName, savedName } from './seats.js';

export function nickname() {
  let name = savedName();
  if (!name) {
    name = t('Guest {n}', { n: 100 + Math.floor(Math.random() * 900) });
    saveName(name);
  }
  return name;
}
