// Why the selected cards are not a meld that can be laid down (issue 16 §6): a plain reason,
// shown only when the server's legal actions hold no meld of exactly these cards. The server
// alone decides what is legal; this only names the likeliest of the rules' reasons
// (PO-11 to PO-14), and says so when none of them is it.
import { t } from '../i18n.js';

const ORDER = 'A23456789TJQK';

function natural(cards) {
  return cards.filter((c) => c !== '*');
}

export function whyNotMeld(cards) {
  if (cards.length < 3) return t('A meld needs at least three cards.'); // PO-12, PO-13
  const real = natural(cards);
  if (!real.length) return t('A meld needs at least one card that is not a joker.'); // PO-14
  const ranks = new Set(real.map((c) => c[0]));
  const suits = real.map((c) => c[1]);
  if (ranks.size === 1) {
    // PO-12: a set's natural cards are of different suits
    if (new Set(suits).size < suits.length) return t('A set needs each card in a different suit.');
    return t('This set cannot be laid down now (see the rules on sets and jokers).');
  }
  if (new Set(suits).size > 1) {
    return t('Neither a set (one rank) nor a run (one suit): these cards are of several ranks and suits.');
  }
  // PO-13: a run is consecutive; jokers fill gaps
  const at = real.map((c) => ORDER.indexOf(c[0])).sort((a, b) => a - b);
  const gaps = at.slice(1).reduce((sum, r, i) => sum + Math.max(0, r - at[i] - 1), 0);
  const jokers = cards.length - real.length;
  if (new Set(at).size < at.length || gaps > jokers) {
    return t('A run needs consecutive ranks of one suit (a joker may fill one gap).');
  }
  return t('These cards cannot be laid down now: perhaps first draw, or take the discard.');
}
