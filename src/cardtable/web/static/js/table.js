// The table page: one WebSocket to the server, and the table drawn from each state message.
// The server sends this seat's view and its legal actions; the page only offers those.
// Each redraw builds again only what changed (table/keep.js). Its parts: table/state.js (what the page knows), table/connection.js (the socket),
// table/waiting.js (the waiting room), table/layout.js (the felt), table/panel.js (log and
// chat), table/dialogs.js (deal end, match end, focus), table/hooks.js (others' additions).
import { tick } from './clock.js';
import { clear, getJSON, h } from './dom.js';
import { lang, loadStrings, mountNav, t } from './i18n.js';
import { loadSeat } from './seats.js';
import { connect, forgetShown, send } from './table/connection.js';
import { friendsKey, initFriends, rememberLink } from './friends.js'; // friends
import { continueDeal, dealEndDialog, focusDialog, matchEndDialog, trapTab } from './table/dialogs.js';
import { header, tableArea } from './table/layout.js';
import { idOf, keep, place, same, shell } from './table/keep.js';
import { animate, snapshot } from './table/motion.js';
import { hookCount } from './table/hooks.js';
import { sidePanel } from './table/panel.js';
import { markTitle, playSound } from './table/sound.js';
import { S, app, code, context, loadGame, nameOfTableSeat, setRender } from './table/state.js';
import { waiting } from './table/waiting.js';

let waitingKey = null;
let wasMyTurn = false;

// On a small screen the docked hand can cover the middle of the table (Putto's table row, the
// trick of eight seats, Pontinho's melds below the seats): when my turn starts, and when the
// window changes size on my turn, the page scrolls just enough to show the middle and what lies
// below the seats whole above the dock. What cannot all fit gives way from the top, never past
// the top of the part that matters most: a question in the middle (Pontinho's claim round),
// else what lies below the seats (the melds a card is laid off onto), else the middle. At once,
// not smoothly: a press during a smooth scroll could land on another card.
function showCentre() {
  const centre = app.querySelector('.ring-centre');
  const dock = app.querySelector('.dock');
  if (!centre || !dock) return;
  const below = app.querySelector('.felt > .below');
  const first = below && !centre.querySelector('[role=alertdialog]') ? below : centre;
  const bottom = Math.max(...[centre, below].filter(Boolean).map((el) => el.getBoundingClientRect().bottom));
  const hidden = bottom - dock.getBoundingClientRect().top;
  if (hidden <= 0) return;
  const room = first.getBoundingClientRect().top - 4; // that part's top stays on screen
  const by = Math.min(hidden + 6, room);
  if (by > 0) window.scrollBy({ top: by, behavior: 'instant' });
}
window.addEventListener('resize', () => { if (wasMyTurn) showCentre(); });

// What the page opens for the person (Putto's "Capture or play?", the claim round's question,
// the hint) is scrolled whole into view above the docked hand as it opens, once: it opened
// under the dock or below the fold, and answering it meant scrolling first. At once, as
// showCentre does.
const OPENED = '.ring-centre .choice, .ring-centre [role=alertdialog], .felt > .hint';
const opened = new WeakSet();
function showOpened() {
  const dock = app.querySelector('.dock');
  for (const part of app.querySelectorAll(OPENED)) {
    if (opened.has(part)) continue;
    opened.add(part);
    const floor = dock ? Math.min(window.innerHeight, dock.getBoundingClientRect().top) : window.innerHeight;
    // a hint at its longest (a long meld and four runners-up as long) was taller than the
    // room above a phone's dock: it keeps to that room and scrolls inside (app.css)
    if (part.classList.contains('hint')) part.style.maxHeight = `${Math.max(120, floor - 8)}px`;
    const box = part.getBoundingClientRect();
    const hidden = box.bottom - floor;
    let by = 0;
    if (hidden > 0) by = Math.min(hidden + 6, box.top - 4); // its top stays on screen
    else if (box.top < 0) by = box.top - 4;
    if (by) window.scrollBy({ top: by, behavior: 'instant' });
  }
}

function render() {
  if (!S.info) return;
  const isWaiting = S.info.status === 'waiting' || !S.state || !S.state.view;
  // While waiting, redraw only when something shown changed, so a name being typed survives.
  const key = isWaiting ? JSON.stringify([S.seats, S.error, S.connected, Boolean(loadSeat(code)), friendsKey()]) : null; // friendsKey: friends.js
  if (isWaiting && key === waitingKey) return;
  waitingKey = key;
  const focused = document.activeElement && document.activeElement.id;
  // a text field being typed in keeps its caret and selection across the redraw (a focus()
  // alone puts the caret at the start: the next keys would land before what was typed)
  const selection = document.activeElement && typeof document.activeElement.selectionStart === 'number'
    ? [document.activeElement.selectionStart, document.activeElement.selectionEnd] : null;
  const focusedCard = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.key : null;
  const before = S.motion ? snapshot(app) : null; // where the cards were, to move them from
  const motion = S.motion;
  S.motion = null;
  if (!app.querySelector(':scope > .table-head')) clear(app); // the page's "Loading…"
  app.className = `game-${S.info.game}`;
  // Only what changed is built again (table/keep.js): a move redraws the trick, the plates
  // whose counts moved and the bar, not the hand, the log or the pictures that stayed.
  const lingering = S.dealEnd && !S.dealEndOpen; // the final trick or capture is shown
  let dialog = null;
  if (S.matchEnd && !lingering) {
    dialog = keep('match-end', hookCount() ? null : [idOf(S.matchEnd), S.rematch || null, S.seats, S.seat,
      idOf(S.dealEnd), S.state && S.state.deal], matchEndDialog);
  } else if (S.dealEnd && S.dealEndOpen && !S.matchEnd) {
    dialog = keep('deal-end', [idOf(S.dealEnd), S.state && S.state.phase, context().myTurn,
      S.state && S.state.legal, S.seats, S.seat], dealEndDialog);
  }
  place(app, [
    header(),
    S.connected ? null : same('banner-connection', h('p', { class: 'banner', role: 'status' }, t('Connection lost; reconnecting…'))),
    S.storage ? same('banner-storage', h('p', { class: 'banner', role: 'status' }, S.storage)) : null,
    S.error ? same('banner-error', h('p', { class: 'error', role: 'alert' }, S.error)) : null,
    isWaiting ? waiting()
      : place(shell('layout', () => h('div', { class: 'layout' })), [tableArea(), sidePanel()]),
    dialog,
  ]);
  if (before) animate(app, before, motion);
  const myTurn = Boolean(S.state && S.state.view) && context().myTurn;
  markTitle(myTurn);
  if (myTurn && !wasMyTurn && !dialog) showCentre();
  if (!dialog) showOpened();
  wasMyTurn = myTurn;
  restoreFocus(focused, focusedCard, selection);
  focusDialog();
  // Keyboard play: when it becomes my turn and nothing has the focus, my first card takes it.
  if (document.activeElement === document.body || document.activeElement === null) {
    const first = app.querySelector('.hand button.card:not([disabled])');
    if (first && S.state && (S.state.legal || []).length && !S.dealEnd && !S.matchEnd) {
      first.focus({ preventScroll: true });
    }
  }
}
setRender(render);
// friends: rematch, leaving, the share link and its QR code
initFriends({ S, code, send, render: () => { forgetShown(); render(); }, nameOf: (seat) => nameOfTableSeat(seat) });

function restoreFocus(id, key, selection) {
  let target = null;
  if (key) target = app.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (!target && id) target = document.getElementById(id);
  if (target && !target.disabled) {
    target.focus({ preventScroll: true });
    if (selection && typeof target.setSelectionRange === 'function') {
      target.setSelectionRange(...selection);
    }
  }
}

// -- keys -------------------------------------------------------------------------------------

document.addEventListener('keydown', (event) => {
  if (event.key === 'Tab' && trapTab(event)) return;
  if (event.target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target.tagName)) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === 'h' || event.key === 'H') {
    const hint = document.getElementById('hint');
    if (hint) { hint.click(); event.preventDefault(); }
  } else if (/^[1-9]$/.test(event.key)) {
    const cards = [...app.querySelectorAll('.hand button.card:not([disabled])')];
    const card = cards[Number(event.key) - 1];
    if (card) { card.focus(); event.preventDefault(); }
  } else if (event.key === 'Escape' && S.dealEnd && !S.matchEnd) {
    continueDeal(S.dealEnd.deal);
  }
});

async function main() {
  await loadStrings();
  mountNav(h('a', { href: '/' }, t('Lobby')));
  try {
    S.info = await getJSON(`/api/tables/${code}`);
    rememberLink(S.info); // friends: the share link
    S.seats = S.info.seats;
    // games/GAME.js, by the game's name; and the option labels and rule sets, for the house
    // rules shown while waiting and the rule set in the settings (optional: not fatal)
    [, S.games] = await Promise.all([loadGame(S.info.game),
      getJSON(`/api/games?lang=${encodeURIComponent(lang)}`).catch(() => [])]);
  } catch (error) {
    // the server's own words when it gave some (a table set aside, the database away)
    const said = error && error.status && error.status !== 404 ? error.message : null;
    clear(app).append(h('p', { class: 'error', role: 'alert' }, error.code === 'table/expired'
      ? t('This table has expired: nobody was connected to it for a long time.')
      : said || t('There is no table with this code.')),
      h('a', { href: '/' }, t('Back to the lobby')));
    return;
  }
  if (S.info.status === 'finished') S.matchEnd = { outcome: S.info.result };
  render();
  connect();
  setInterval(() => {
    for (const timer of document.querySelectorAll('.timer[data-deadline]')) {
      const left = Math.max(0, Math.round(Number(timer.dataset.deadline) - Date.now() / 1000));
      timer.textContent = t('{n} s left', { n: left });
    }
    tick(() => playSound('turn')); // the game clock: my time runs low
  }, 1000);
}

main();
