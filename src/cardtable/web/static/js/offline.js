// The offline page (shown by the service worker when a page cannot be fetched): it asks the
// server whether it answers again, when the browser says it is back online and every few
// seconds, and then loads the page that failed.
const EVERY_MS = 3000;

async function back() {
  try {
    const answer = await fetch('/healthz', { cache: 'no-store' });
    if (answer.ok) window.location.reload();
  } catch (error) { /* still offline */ }
}

window.addEventListener('online', back);
setInterval(back, EVERY_MS);
