// Seat tokens kept in localStorage, so a reload (or a new tab) gets the same seat back.

const PREFIX = 'cardtable:seat:';

export function saveSeat(code, seat, token) {
  localStorage.setItem(PREFIX + code.toUpperCase(), JSON.stringify({ seat, token }));
  noteTable(code.toUpperCase(), seat);
}

// "My games" (mygames.js): the tables this browser sat at, newest first, at most MAX_MINE.
const MINE = 'cardtable:mine';
export const MAX_MINE = 60;

export function myTables() {
  try {
    const list = JSON.parse(localStorage.getItem(MINE) || '[]');
    return Array.isArray(list) ? list : [];
  } catch (error) {
    return [];
  }
}

function noteTable(code, seat) {
  const list = myTables().filter((entry) => entry.code !== code);
  list.unshift({ code, seat, at: Date.now() });
  localStorage.setItem(MINE, JSON.stringify(list.slice(0, MAX_MINE)));
}

export function loadSeat(code) {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + code.toUpperCase()) || 'null');
  } catch (error) {
    return null;
  }
}

export function forgetSeat(code) {
  localStorage.removeItem(PREFIX + code.toUpperCase());
}

export function savedName() {
  return localStorage.getItem('cardtable:name') || '';
}

export function saveName(name) {
  if (name) localStorage.setItem('cardtable:name', name);
}
