// Seat tokens kept in localStorage, so a reload (or a new tab) gets the same seat back.

const PREFIX = 'cardtable:seat:';

export function saveSeat(code, seat, token) {
  localStorage.setItem(PREFIX + code.toUpperCase(), JSON.stringify({ seat, token }));
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
