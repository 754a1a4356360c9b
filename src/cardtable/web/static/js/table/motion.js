// Motion that shows what happened, with the Web Animations API: a redraw replaces
// parts of the DOM (table/keep.js keeps the rest), so the page notes where every face-up card
// and seat was just before it (snapshot), and afterwards moves each card from where it was (my
// card from my hand to the trick), brings a card new to the table from the seat that played it
// (or a drawn card from the stock), and sends cards that left the table to the seat that took
// them (a trick to its winner, a capture to the capturer's pile). Nothing waits for an
// animation: the new buttons work at once, and the moving copies ignore the pointer.
// prefers-reduced-motion turns it all off.

const DURATION = 260;
const reduced = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;

export function motionAllowed() {
  return !(reduced && reduced.matches) && typeof Element.prototype.animate === 'function';
}

// Cards by identity: a card's code and its occurrence (two decks hold two of each card).
function cardsOf(root) {
  const found = new Map();
  const seen = {};
  for (const el of root.querySelectorAll('[data-card]')) {
    if (el.closest('.log, .dialog, .last-trick, .breakdown-hands, .capture-note, .played')) continue;
    const card = el.dataset.card;
    seen[card] = (seen[card] || 0) + 1;
    found.set(`${card}#${seen[card]}`, el);
  }
  return found;
}

function seatsOf(root) {
  const found = new Map();
  for (const el of root.querySelectorAll('.seat[data-table-seat]')) {
    found.set(Number(el.dataset.tableSeat), el.getBoundingClientRect());
  }
  return found;
}

// Where things are now, before a redraw.
export function snapshot(root) {
  if (!motionAllowed()) return null;
  const cards = new Map();
  for (const [key, el] of cardsOf(root)) {
    cards.set(key, { rect: el.getBoundingClientRect(), el, // copied only if it leaves (ghost)
      inHand: Boolean(el.closest('.hand')) });
  }
  const stock = root.querySelector('.stock-pile, .stock');
  return { cards, seats: seatsOf(root), stock: stock ? stock.getBoundingClientRect() : null };
}

function slide(el, from, to, extra = {}) {
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return null;
  return el.animate([
    { transform: `translate(${dx}px, ${dy}px)`, ...extra.from },
    { transform: 'translate(0, 0)', ...extra.to },
  ], { duration: DURATION, easing: 'cubic-bezier(.2,.7,.3,1)' });
}

// A copy of a card that left the table, flown from where it was to ``target`` and removed.
function ghost(before, target, delay) {
  const el = before.el.cloneNode(true);
  const { rect } = before;
  Object.assign(el.style, { position: 'fixed', left: `${rect.left}px`, top: `${rect.top}px`,
    width: `${rect.width}px`, margin: '0', pointerEvents: 'none', zIndex: '30' });
  el.classList.add('ghost');
  el.setAttribute('aria-hidden', 'true');
  document.body.append(el);
  const dx = target ? target.left + target.width / 2 - (rect.left + rect.width / 2) : 0;
  const dy = target ? target.top + target.height / 2 - (rect.top + rect.height / 2) : 0;
  const animation = el.animate([
    { transform: 'translate(0, 0) scale(1)', opacity: 1 },
    { transform: `translate(${dx}px, ${dy}px) scale(.4)`, opacity: target ? 0.2 : 0 },
  ], { duration: DURATION + 120, delay, easing: 'ease-in', fill: 'forwards' });
  animation.onfinish = () => el.remove();
  animation.oncancel = () => el.remove();
}

// After a redraw: ``last`` is the state's last move ({seat, action}) when it is new, ``taker``
// the table seat that took the cards that left the table (a trick's winner, a capturer).
export function animate(root, before, { last, taker, drew } = {}) {
  if (!before) return;
  const after = cardsOf(root);
  const fromSeat = last && before.seats.get(last.seat);
  for (const [key, el] of after) {
    const was = before.cards.get(key);
    const to = el.getBoundingClientRect();
    if (was) {
      slide(el, was.rect, to);
    } else if (el.closest('.hand') && drew && before.stock) {
      slide(el, before.stock, to, { from: { opacity: 0.3 }, to: { opacity: 1 } });
    } else if (!el.closest('.hand') && fromSeat) {
      // a card new to the table: it comes from the seat that just moved
      slide(el, fromSeat, to, { from: { opacity: 0.4 }, to: { opacity: 1 } });
    }
  }
  const target = taker !== null && taker !== undefined ? before.seats.get(taker) : null;
  let delay = 0;
  for (const [key, was] of before.cards) {
    if (after.has(key) || was.inHand) continue;
    if (!target) continue; // a card that merely left the view (a redraw of another kind)
    ghost(was, target, delay);
    delay += 30;
  }
}
