// cardtable's service worker (docs/notifications.md). The server writes VERSION (the package's
// version and a hash of the static files) and PRECACHE (the files to keep) above this text.
//
// - install: the static files and the offline page cached under this version; it takes over
//   at once, so a page never runs an old client against an upgraded server;
// - activate: every other version's cache dropped;
// - fetch: static files from this version's cache (else the network); pages from the network,
//   the offline page when it fails;
// - push: a Web Push message shown; notificationclick: the table it names opened.
/* global VERSION, PRECACHE */

const CACHE = `cardtable-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith('cardtable-') && name !== CACHE)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('/offline', { cacheName: CACHE })));
  } else if (url.pathname.startsWith('/static/')) {
    event.respondWith(caches.match(request, { cacheName: CACHE, ignoreSearch: true })
      .then((found) => found || fetch(request)));
  }
});

self.addEventListener('push', (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (error) { data = {}; }
  event.waitUntil(self.registration.showNotification(data.title || 'cardtable', {
    body: data.body || '', tag: data.tag, icon: '/static/icons/icon-192.png', data: { url: data.url || '/' },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data && event.notification.data.url || '/', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : `${self.location.origin}/`;
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((open) => {
    const same = open.find((client) => client.url === url);
    return same ? same.focus() : self.clients.openWindow(url);
  }));
});
