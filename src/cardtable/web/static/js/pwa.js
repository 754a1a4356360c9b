// Every page registers the service worker (/sw.js: the installable app's cache and offline
// page, and Web Push). It asks nothing of the person: no permission is involved.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').catch(() => { /* no worker: the site works without */ });
}
