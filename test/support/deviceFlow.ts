import { expect } from 'chai';
import { FormBrowser } from './formBrowser';

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** POSTs a form to `<origin>/auth/oauth/device_authorization`; the status, Cache-Control and JSON body. */
export async function deviceAuthorization(origin: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const answer = await fetch(`${origin}/auth/oauth/device_authorization`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields) });
  return { status: answer.status, cacheControl: answer.headers.get('cache-control'), body: (await answer.json()) as Record<string, unknown> };
}

/**
 * The user's side of the device flow on `origin`'s page, as a browser without scripts: the
 * verification URI with the code filled in, the code confirmed, `account` signed in (password
 * `<account>-pass`), then `decision` on the approval page. Returns the approval page's HTML and the final page.
 */
export async function decideOnDevicePage(origin: string, userCode: string, account: string, decision: 'approve' | 'deny', browser = new FormBrowser()) {
  const shortcut = await browser.get(`${origin}/auth/device?user_code=${encodeURIComponent(userCode)}`);
  expect(shortcut.status).to.equal(302);
  const pageUrl = new URL(shortcut.headers.get('location')!, origin).href;
  const codePage = await browser.get(pageUrl);
  expect(codePage.status).to.equal(200);
  const codeHtml = await codePage.text();
  expect(codeHtml).to.include(`value="${userCode}"`);
  const signIn = await browser.submitForm(pageUrl, codeHtml, { user_code: userCode });
  let html = await signIn.text();
  expect(signIn.status, html).to.equal(200);
  if (html.includes('name="password"')) {
    const approvePage = await browser.submitForm(pageUrl, html, { username: account, password: `${account}-pass` });
    html = await approvePage.text();
    expect(approvePage.status, html).to.equal(200);
  }
  expect(html).to.include('name="decision"');
  const done = await browser.submitForm(pageUrl, html, { decision });
  return { approvalHtml: html, status: done.status, html: await done.text() };
}

/** One poll of the token endpoint with the device code, by a public client. */
export async function pollDeviceCode(origin: string, deviceCode: string, clientId: string, headers: Record<string, string> = {}) {
  const answer = await fetch(`${origin}/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: clientId }),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}
