// Being told it is my turn (docs/notifications.md): the browser's Notification API while the
// page is hidden, and Web Push for when it is closed. Nothing is asked before the person ticks
// "Tell me when it is my turn" in the table's settings: the browser's permission prompt never
// appears unasked, and a refusal leaves the box unticked.
import { h } from '../dom.js';
import { t } from '../i18n.js';

const KEY = 'cardtable:notify';

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
  return chosen() && allowed() ? '1' : '';
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

async function subscribePush() {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return;
  const reg = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const answer = await fetch('/api/push/key');
  if (!answer.ok) return;
  const key = serverKey((await answer.json()).public_key);
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = sub.toJSON();
  await fetch('/api/push/subscription', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ endpoint, keys }) });
}

async function unsubscribePush() {
  if (!('serviceWorker' in navigator)) return;
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = reg && reg.pushManager ? await reg.pushManager.getSubscription() : null;
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

// The settings' check box; absent where the browser has no notifications.
export function notifySetting(rerender) {
  if (!('Notification' in window)) return null;
  return h('label', { class: 'setting', for: 'set-notify' },
    h('input', { type: 'checkbox', id: 'set-notify', checked: chosen() && allowed(),
      onchange: (event) => {
        if (event.target.checked) turnOn(event.target, rerender);
        else { keep(false); unsubscribePush().catch(() => {}); rerender(); }
      } }),
    ' ', t('Tell me when it is my turn'));
}
