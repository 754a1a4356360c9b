// Being told it is my turn (docs/notifications.md): the browser's Notification API while the
// page is hidden, and Web Push for when it is closed. Nothing is asked before the person ticks
// "Tell me when it is my turn" in the table's settings: the browser's permission prompt never
// appears unasked, and a refusal leaves the box unticked.
import { h } from '../dom.js';
import { t } from '../i18n.js';

const KEY = 'cardtable:notify';
// Which kinds of push this browser wants (all unless the person unticked one), as the
// `kinds` of POST /api/push/subscription.
const KINDS_KEY = 'cardtable:push-kinds';
const NOTICE_KINDS = [['turn', 'Your turn'], ['invite', "A friend's invitation"], ['match_over', 'The match is over']];

function kinds() {
  let kept = {};
  try { kept = JSON.parse(localStorage.getItem(KINDS_KEY) || '{}') || {}; } catch (error) { /* none kept */ }
  return Object.fromEntries(NOTICE_KINDS.map(([kind]) => [kind, kept[kind] !== false]));
}

function chosen() {
  return localStorage.getItem(KEY) === '1';
}

function keep(on) {
  try { localStorage.setItem(KEY, on ? '1' : ''); } catch (error) { /* storage off: not kept */ }
}

function allowed() {
  return 'Notification' in window && Notification.permission === 'granted';
}

// The setting's key, for the settings panel's "build again when one changed".
export function notifyKey() {
  return chosen() && allowed() ? `1${JSON.stringify(kinds())}` : '';
}

// "Your turn at table K7QM2A" while the page is hidden (its title and sound say it while seen).
export function tellTurn(table) {
  if (!document.hidden || !chosen() || !allowed()) return;
  const title = t('Your turn');
  const options = { body: document.title, tag: `turn-${table}`, icon: '/static/icons/icon-192.png' };
  try {
    const shown = new Notification(title, options);
    shown.onclick = () => { window.focus(); shown.close(); };
  } catch (error) { // phones show notifications through the service worker only
    if (navigator.serviceWorker) {
      navigator.serviceWorker.getRegistration().then((reg) => reg && reg.showNotification(title, options));
    }
  }
}

function serverKey(text) {
  const raw = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function sendSubscription(sub) {
  const { endpoint, keys } = sub.toJSON();
  await fetch('/api/push/subscription', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ endpoint, keys, kinds: kinds() }) });
}

async function currentSubscription() {
  if (!('serviceWorker' in navigator)) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return reg && reg.pushManager ? reg.pushManager.getSubscription() : null;
}

async function subscribePush() {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return;
  const reg = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const answer = await fetch('/api/push/key');
  if (!answer.ok) return;
  const key = serverKey((await answer.json()).public_key);
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await sendSubscription(sub);
}

async function unsubscribePush() {
  const sub = await currentSubscription();
  if (!sub) return;
  await fetch('/api/push/subscription', { method: 'DELETE', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ endpoint: sub.endpoint }) });
  await sub.unsubscribe();
}

async function turnOn(box, rerender) {
  const answer = await Notification.requestPermission(); // asked now: the person ticked the box
  keep(answer === 'granted');
  box.checked = answer === 'granted';
  rerender();
  if (answer === 'granted') subscribePush().catch(() => { /* no push here: the page still tells */ });
}

// A kind ticked or unticked: kept for this browser and sent with its subscription.
async function chooseKind(kind, on) {
  try { localStorage.setItem(KINDS_KEY, JSON.stringify({ ...kinds(), [kind]: on })); } catch (error) { /* not kept */ }
  const sub = await currentSubscription();
  if (sub) await sendSubscription(sub);
}

// Once notifications are on: a check box per kind of push this browser wants.
function kindBoxes(rerender) {
  const wanted = kinds();
  return NOTICE_KINDS.map(([kind, label]) => h('label', { class: 'setting setting-sub', for: `set-push-${kind}` },
    h('input', { type: 'checkbox', id: `set-push-${kind}`, checked: wanted[kind],
      onchange: (event) => {
        chooseKind(kind, event.target.checked).catch(() => { /* kept; sent with the next subscription */ });
        rerender();
      } }),
    ' ', t(label)));
}

// The settings' check boxes: "tell me", and once on, the kinds; none where the browser has no
// notifications.
export function notifySetting(rerender) {
  if (!('Notification' in window)) return [];
  const main = h('label', { class: 'setting', for: 'set-notify' },
    h('input', { type: 'checkbox', id: 'set-notify', checked: chosen() && allowed(),
      onchange: (event) => {
        if (event.target.checked) turnOn(event.target, rerender);
        else { keep(false); unsubscribePush().catch(() => {}); rerender(); }
      } }),
    ' ', t('Tell me when it is my turn'));
  return chosen() && allowed() ? [main, ...kindBoxes(rerender)] : [main];
}
