// cardtable's service worker (docs/notifications.md): shows a Web Push message the server
// sent while no page was open, and opens the table it is about when it is clicked. It is
// served from /sw.js so that its scope is the whole site.

self.addEventListener('push', (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (error) { data = {}; }
  event.waitUntil(self.registration.showNotification(data.title || 'cardtable', {
    body: data.body || '', tag: data.tag, icon: '/favicon.ico', data: { url: data.url || '/' },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data && event.notification.data.url || '/', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin + '/';
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((open) => {
    const same = open.find((client) => client.url === url);
    return same ? same.focus() : self.clients.openWindow(url);
  }));
});
