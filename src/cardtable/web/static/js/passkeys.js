// Passkeys (docs/people.md "Passkeys"): make one for this player, or sign this device in with
// one. WebAuthn speaks ArrayBuffers, the server base64url text: these helpers turn one into
// the other. The browser itself offers the passkeys it holds for this site, so nobody types a
// user name.
import { h, postJSON } from './dom.js';
import { t } from './i18n.js';

const fromB64 = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const toB64 = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)))
  .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

// The credential as JSON for the server (the fields the webauthn package reads).
function asJSON(credential) {
  const r = credential.response;
  const response = { clientDataJSON: toB64(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toB64(r.attestationObject);
    response.transports = r.getTransports ? r.getTransports() : [];
  } else {
    response.authenticatorData = toB64(r.authenticatorData);
    response.signature = toB64(r.signature);
    if (r.userHandle) response.userHandle = toB64(r.userHandle);
  }
  return { id: credential.id, rawId: toB64(credential.rawId), type: credential.type, response,
    clientExtensionResults: credential.getClientExtensionResults() };
}

// Passkeys need a secure context and a host name: an address in numbers (127.0.0.1, a LAN
// address) is no site a passkey can belong to.
const NUMERIC_HOST = /^[\d.]+$|^\[/;
export const passkeysWork = () => Boolean(window.isSecureContext && window.PublicKeyCredential
  && !NUMERIC_HOST.test(location.hostname));

export async function addPasskey() {
  const { publicKey } = await postJSON('/api/me/passkeys/options', {});
  publicKey.challenge = fromB64(publicKey.challenge);
  publicKey.user.id = fromB64(publicKey.user.id);
  publicKey.excludeCredentials = (publicKey.excludeCredentials || []).map((c) => ({ ...c, id: fromB64(c.id) }));
  const credential = await navigator.credentials.create({ publicKey });
  return postJSON('/api/me/passkeys', { credential: asJSON(credential) });
}

export async function signInWithPasskey() {
  const { publicKey } = await postJSON('/api/passkeys/options', {});
  publicKey.challenge = fromB64(publicKey.challenge);
  publicKey.allowCredentials = [];
  const credential = await navigator.credentials.get({ publicKey });
  return postJSON('/api/passkeys/signin', { credential: asJSON(credential) });
}

// A button that runs `act`, with the outcome said in `status` (a cancelled prompt says so).
export function passkeyButton(id, label, act, done) {
  const status = h('p', { class: 'passkey-status', role: 'status', id: `${id}-status` });
  const button = h('button', { type: 'button', id }, label);
  button.addEventListener('click', async () => {
    button.disabled = true;
    status.textContent = '';
    try {
      status.textContent = done(await act());
    } catch (error) {
      status.textContent = error.name === 'NotAllowedError'
        ? t('No passkey was used: the request was cancelled or timed out.') : error.message;
    }
    button.disabled = false;
  });
  return passkeysWork() ? [button, status]
    : [h('p', {}, t('Passkeys cannot be used at this address: they need the server\'s name over HTTPS, or localhost on this computer.'))];
}
