// The sign-in page: plain browser JavaScript, no build step, no framework.
// The token lives only in memory (never in localStorage), and every value from
// the server is written with textContent, never as HTML.

import { applyLanguage, pickLanguage } from './i18n.js';

/** The page's words: Chinese when the browser asks for Chinese, English otherwise. */
const text = await applyLanguage(document, pickLanguage(navigator.languages ?? [navigator.language]));

/** API paths are resolved against the context root, so the page works under any context path. */
const contextRoot = new URL('../', window.location.href);
const api = (path) => new URL(path, contextRoot);

const CLIENT_APP_ID = 'sign-in-page';
/** Sent when the secret field is blank; accepted only while the service has no registered clients. */
const BLANK_SECRET = 'none';

const $ = (id) => document.getElementById(id);
const form = $('sign-in');
const submit = $('submit');
const signInError = $('sign-in-error');
const session = $('session');

let countdownTimer;
/** The signed-in token, in memory only: sign-out revokes it at the service. */
let currentToken = null;

/** Calls the service and returns its envelope; failures become an envelope too, with a readable msg. */
async function call(url, init) {
  let response;
  try {
    response = await fetch(url, { ...init, headers: { Accept: 'application/json', ...(init && init.headers) } });
  } catch {
    return { success: false, status: 0, msg: text.unreachable, data: null };
  }
  try {
    const body = await response.json();
    // The API's msg is Chinese by contract; shown in the page's language.
    if (body && typeof body === 'object' && typeof body.msg === 'string') return { ...body, msg: text.message(body.msg) };
  } catch {
    // Not JSON: fall through to a message built from the status line.
  }
  return { success: false, status: response.status, msg: `HTTP ${response.status} ${response.statusText}`.trim(), data: null };
}

/** Decodes one base64url JWT segment as UTF-8 JSON. */
function decodeSegment(segment) {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder('utf-8').decode(bytes));
}

function decodeToken(token) {
  const [header, claims] = token.split('.');
  return { header: decodeSegment(header), claims: decodeSegment(claims) };
}

function show(element, text) {
  element.textContent = text;
  element.hidden = false;
}

function hide(element) {
  element.textContent = '';
  element.hidden = true;
}

function formatRemaining(seconds) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

function startCountdown(exp) {
  clearInterval(countdownTimer);
  const countdown = $('countdown');
  const expiresAt = $('expires-at');
  if (typeof exp !== 'number') {
    countdown.textContent = text.never;
    expiresAt.textContent = '';
    return;
  }
  const at = new Date(exp * 1000);
  expiresAt.dateTime = at.toISOString();
  expiresAt.textContent = at.toLocaleString();
  const tick = () => {
    const remaining = Math.max(0, Math.floor(exp - Date.now() / 1000));
    countdown.textContent = remaining > 0 ? formatRemaining(remaining) : text.expired;
    countdown.classList.toggle('expired', remaining === 0);
    if (remaining === 0) clearInterval(countdownTimer);
  };
  tick();
  countdownTimer = setInterval(tick, 1000);
}

function renderUser(user) {
  const list = $('user');
  list.replaceChildren();
  for (const [name, value] of Object.entries(user)) {
    const term = document.createElement('dt');
    term.textContent = name;
    const detail = document.createElement('dd');
    detail.textContent = value === null ? 'null' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    if (value === null) detail.className = 'null';
    list.append(term, detail);
  }
}

async function loadUser(token) {
  const envelope = await call(api('current/user/details'), { headers: { Authorization: `Bearer ${token}` } });
  if (envelope.success) {
    hide($('user-error'));
    renderUser(envelope.data);
  } else {
    $('user').replaceChildren();
    show($('user-error'), envelope.msg);
  }
}

async function loadKey(appId, appSecret) {
  const url = api('client/user/secret/key');
  url.searchParams.set('appId', appId || CLIENT_APP_ID);
  url.searchParams.set('appSecret', appSecret || BLANK_SECRET);
  const envelope = await call(url);
  if (envelope.success) {
    hide($('key-error'));
    $('key').textContent = envelope.data;
  } else {
    $('key').textContent = '';
    show($('key-error'), envelope.msg);
  }
}

async function signIn(event) {
  event.preventDefault();
  clearSession();
  hide(signInError);
  hide($('sign-out-status'));
  submit.disabled = true;
  form.setAttribute('aria-busy', 'true');
  try {
    const fields = new FormData(form);
    const envelope = await call(api('oauth/jwt/token'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: fields.get('username'), password: fields.get('password') }),
    });
    if (!envelope.success) {
      show(signInError, envelope.msg);
      return;
    }
    const token = envelope.data.access_token;
    let decoded;
    try {
      decoded = decodeToken(token);
    } catch {
      show(signInError, text.undecodable);
      return;
    }
    $('password').value = '';
    currentToken = token;
    $('session-title').textContent = text.signedInAs(envelope.data.info.nickName);
    $('token-header').textContent = JSON.stringify(decoded.header, null, 2);
    $('token-claims').textContent = JSON.stringify(decoded.claims, null, 2);
    startCountdown(decoded.claims.exp);
    session.hidden = false;
    await Promise.all([loadUser(token), loadKey(fields.get('appId'), fields.get('appSecret'))]);
    $('session-title').focus();
  } finally {
    submit.disabled = false;
    form.removeAttribute('aria-busy');
  }
}

/** Forgets the token and everything shown about it. */
function clearSession() {
  clearInterval(countdownTimer);
  currentToken = null;
  for (const id of ['token-header', 'token-claims', 'key', 'countdown', 'expires-at']) $(id).textContent = '';
  $('user').replaceChildren();
  hide($('user-error'));
  hide($('key-error'));
  session.hidden = true;
}

form.addEventListener('submit', signIn);
/**
 * Revokes the token at the service (RFC 7009 endpoint; the token authorises its
 * own revocation), so it stops working everywhere, not only in this page.
 */
async function signOut() {
  const token = currentToken;
  clearSession();
  $('account').focus();
  if (!token) return;
  const envelope = await call(api('oauth/revoke'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });
  show($('sign-out-status'), envelope.success ? text.signedOut : text.notRevoked(envelope.msg));
}

$('sign-out').addEventListener('click', signOut);
