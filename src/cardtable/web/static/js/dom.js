// Small DOM helpers: build elements without innerHTML, so no text is ever parsed as markup.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'text') el.textContent = value;
    else if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

// The server escapes chat text for HTML; shown as text, it must be unescaped once.
export function unescapeHtml(text) {
  const doc = new DOMParser().parseFromString(`<p>${text}</p>`, 'text/html');
  return doc.body.textContent || '';
}

export async function getJSON(url) {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  const data = await response.json();
  if (!response.ok) {
    const error = new Error((data.error && data.error.message) || response.statusText);
    error.status = response.status;
    error.code = data.error && data.error.code; // e.g. table/expired, for the page to say so
    throw error;
  }
  return data;
}

export async function postJSON(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    const error = data.error || {};
    let message = error.message || response.statusText;
    if (Array.isArray(data.detail)) message = data.detail.map((d) => d.msg).join('; ');
    throw new Error(message);
  }
  return data;
}
