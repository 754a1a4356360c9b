// The table's redraw keeps what did not change (click→ack). A state message used to
// clear the page and build it anew: every card picture, plate and log line replaced, the whole
// page laid out again, and the browser answers nothing (not even the server's ack) until that
// frame is done. Now each part of the page lives in a named slot and is built again only when
// what it shows changed:
//
// - keep(slot, key, build): the node built last time for ``slot`` while ``key`` (the inputs of
//   ``build``, JSON) is the same; else ``build()`` anew. For parts with handlers (the hand).
// - same(slot, fresh): the node shown last time when it equals ``fresh`` (isEqualNode) and
//   holds no control, else ``fresh``. For parts without handlers: equal markup shows the same,
//   so no key can forget an input. A part with a button or field is never reused this way
//   (its handlers may differ where its markup does not).
// - shell(slot, build): an element made once and kept (a container, a <details> whose open
//   state is the person's, the chat form whose text is being typed).
// - place(parent, children): the parent's children made ``children`` with the fewest moves, so
//   a kept node stays where it is (a node moved loses its focus and is laid out again).

const slots = new Map();
const shells = new Map();

export function keep(slot, key, build) {
  const text = key === null ? null : JSON.stringify(key);
  const was = slots.get(slot);
  if (text !== null && was && was.key === text) return was.node;
  const node = build();
  slots.set(slot, { key: text, node });
  return node;
}

function interactive(node) {
  return node.matches('button, input, select, textarea')
    || Boolean(node.querySelector('button, input, select, textarea'));
}

export function same(slot, fresh) {
  if (!(fresh instanceof Element)) return fresh;
  const was = slots.get(slot);
  if (was && was.key === 'same' && !interactive(fresh) && was.node.isEqualNode(fresh)) return was.node;
  slots.set(slot, { key: 'same', node: fresh });
  return fresh;
}

export function shell(slot, build) {
  if (!shells.has(slot)) shells.set(slot, build());
  return shells.get(slot);
}

// Everything built again at the next redraw (the shells too): a new seat, a new language.
export function forgetKept() {
  slots.clear();
  shells.clear();
}

// A nested list of nodes, strings and nothings, as the nodes to place.
function nodesOf(children) {
  const nodes = [];
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    nodes.push(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return nodes;
}

export function place(parent, children) {
  const nodes = nodesOf(children);
  nodes.forEach((node, i) => {
    const at = parent.childNodes[i];
    if (at !== node) parent.insertBefore(node, at || null);
  });
  while (parent.childNodes.length > nodes.length) parent.lastChild.remove();
  return parent;
}

// An element's attributes made those of ``attrs`` (as dom.js's h() reads them), others removed.
export function setAttributes(el, attrs) {
  const wanted = new Map();
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'dataset') {
      for (const [name, v] of Object.entries(value)) {
        wanted.set(`data-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, String(v));
      }
    } else wanted.set(key, value === true ? '' : String(value));
  }
  for (const name of el.getAttributeNames()) if (!wanted.has(name)) el.removeAttribute(name);
  for (const [name, value] of wanted) if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  return el;
}

// An object's number for a key: two objects with equal contents are still two (S.ui per deal).
const ids = new WeakMap();
let nextId = 1;
export function idOf(object) {
  if (!object || typeof object !== 'object') return 0;
  if (!ids.has(object)) { ids.set(object, nextId); nextId += 1; }
  return ids.get(object);
}
