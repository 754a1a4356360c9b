// Sound and other signals of the table: short effects synthesised with Web Audio
// (no sound files: a card laid, a capture, a sweep, a trick won, your turn), a mute toggle kept
// in localStorage, "● Your turn" in the tab's title, and a short vibration where the phone
// allows it. The audio context starts on the person's first click or key (browsers refuse
// sound before one).
import { h } from '../dom.js';
import { t } from '../i18n.js';

const MUTE = 'cardtable:mute';
let audio = null;

export function muted() {
  return localStorage.getItem(MUTE) === '1';
}

function context() {
  if (!audio) {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return null;
    audio = new Audio();
  }
  if (audio.state === 'suspended') audio.resume();
  return audio;
}

// The first gesture unlocks the audio (nothing is heard before it).
for (const kind of ['pointerdown', 'keydown']) {
  document.addEventListener(kind, () => { if (!muted()) context(); }, { once: true, capture: true });
}

// One note: a frequency, a start (s from now), a length (s), a wave and a level.
function note(ctx, freq, start, length, type = 'sine', level = 0.18) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  const at = ctx.currentTime + start;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(level, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

// A card laid down: a short noise burst through a band-pass, like card on cloth.
function thump(ctx) {
  const length = 0.06;
  const buffer = ctx.createBuffer(1, Math.floor(ctx.sampleRate * length), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 2;
  const source = ctx.createBufferSource();
  const filter = ctx.createBiquadFilter();
  const gain = ctx.createGain();
  source.buffer = buffer;
  filter.type = 'bandpass';
  filter.frequency.value = 1800;
  gain.gain.value = 0.5;
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start();
}

const EFFECTS = {
  play: (ctx) => thump(ctx),
  capture: (ctx) => { thump(ctx); note(ctx, 660, 0.04, 0.12, 'triangle'); note(ctx, 880, 0.12, 0.16, 'triangle'); },
  sweep: (ctx) => [523, 659, 784, 1047].forEach((f, i) => note(ctx, f, i * 0.07, 0.2, 'triangle')),
  trick: (ctx) => { note(ctx, 587, 0, 0.14, 'triangle'); note(ctx, 784, 0.1, 0.2, 'triangle'); },
  turn: (ctx) => { note(ctx, 988, 0, 0.25, 'sine', 0.12); note(ctx, 1319, 0.09, 0.35, 'sine', 0.1); },
};

export function playSound(name) {
  if (muted() || !EFFECTS[name]) return;
  const ctx = audio && audio.state === 'running' ? audio : null; // never before a gesture
  if (ctx) EFFECTS[name](ctx);
}

// The sounds of a state's events; "your turn" when the turn has just become mine.
export function signal(events, myTurnNow, myTurnBefore) {
  const kinds = new Set((events || []).map((e) => (e.kind === 'capture' && e.sweep ? 'sweep' : e.kind)));
  if (kinds.has('sweep')) playSound('sweep');
  else if (kinds.has('capture')) playSound('capture');
  else if (kinds.has('trick')) playSound('trick');
  else if (['play', 'discard', 'meld', 'layoff', 'take', 'advance'].some((k) => kinds.has(k))) playSound('play');
  if (myTurnNow && !myTurnBefore) {
    setTimeout(() => playSound('turn'), 120);
    if (!muted() && navigator.vibrate && navigator.userActivation && navigator.userActivation.hasBeenActive) {
      navigator.vibrate(60);
    }
  }
}

// "● Your turn" in front of the page's own title while it is my turn.
const baseTitle = document.title;
export function markTitle(myTurn) {
  const title = myTurn ? `● ${t('Your turn')} · ${baseTitle}` : baseTitle;
  if (document.title !== title) document.title = title;
}

export function muteToggle(rerender) {
  const off = muted();
  return h('button', { type: 'button', class: 'link mute', id: 'mute', 'aria-pressed': String(off),
    onclick: () => {
      localStorage.setItem(MUTE, off ? '0' : '1');
      if (off) context();
      rerender();
    } }, off ? t('Sound off') : `♪ ${t('Sound on')}`);
}
