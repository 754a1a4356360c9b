// The page a one-time link opens (/signin#SECRET, /f#SECRET: docs/people.md). The secret stays
// after '#', so it never reaches a server log; the page posts it only when the person presses
// the button (a link preview that merely opens the page uses nothing up), then drops it from
// the address bar.
import { clear, h } from './dom.js';
import { loadStrings, mountNav } from './i18n.js';

// `texts()` (called once the strings are loaded): the `title`, the `button`'s text, `explain`
// the paragraph above the button, `empty` what an address with no secret gets, and `nav` the
// links in the page's header; `id` the button's; `post(secret)` the request; `done(answer)`
// what the page then shows under the title; `path` the address left once the link is used.
export async function secretLinkPage({ texts, id, path, post, done }) {
  const app = document.getElementById('app');
  await loadStrings();
  const { title, button: label, explain, empty, nav } = texts();
  mountNav(...nav);
  const secret = decodeURIComponent(location.hash.slice(1));
  const heading = () => h('h1', {}, title);
  if (!secret) {
    clear(app).append(heading(), h('p', {}, empty));
    return;
  }
  const message = h('p', { class: 'error', role: 'alert' });
  const button = h('button', { type: 'button', id }, label);
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const answer = await post(secret);
      history.replaceState(null, '', path); // the used secret leaves the address bar
      clear(app).append(heading(), ...done(answer));
    } catch (error) {
      message.textContent = error.message;
      button.disabled = false;
    }
  });
  clear(app).append(heading(), h('p', {}, explain), button, message);
}
