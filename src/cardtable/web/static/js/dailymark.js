// What this browser keeps for the daily deal: its own random token (the board's "no account"
// name for it) and which of its tables are daily deals (their page links to the board).
const TOKEN = 'cardtable:browser';
const DAILY = 'cardtable:daily:';

export function browserToken() {
  let token = localStorage.getItem(TOKEN);
  if (!token) {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    token = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    localStorage.setItem(TOKEN, token);
  }
  return token;
}

export function markDaily(code, game, players) {
  localStorage.setItem(DAILY + code.toUpperCase(), JSON.stringify({ game, players }));
}

export function dailyOf(code) {
  try {
    return JSON.parse(localStorage.getItem(DAILY + code.toUpperCase()) || 'null');
  } catch (error) {
    return null;
  }
}
