import { expect } from 'chai';
import { FormBrowser } from './formBrowser';

/** A PKCE pair of RFC 7636 §4.2: CHALLENGE is BASE64URL(SHA-256(VERIFIER)). */
export const PKCE_VERIFIER = 'v'.repeat(43);
export const PKCE_CHALLENGE = '7w_YNF9DSfIdPf_pRjSq646_kPr-2-o9NAl16JGghdM';

/**
 * Signs `account` (password `<account>-pass`) in on the authorization form of
 * `origin` for `clientId`, with PKCE_CHALLENGE and any further parameters
 * (scope, resource), in `browser` (it keeps the session cookie); returns the code the browser is sent back with.
 */
export async function signInForCode(origin: string, clientId: string, redirectUri: string, account: string, extra: Record<string, string> = {}, browser = new FormBrowser()): Promise<string> {
  const url = new URL(`${origin}/auth/oauth/authorize`);
  url.search = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirectUri, code_challenge: PKCE_CHALLENGE, code_challenge_method: 'S256', state: 's', ...extra }).toString();
  const page = await browser.get(url.href);
  expect(page.status).to.equal(200);
  const callback = await browser.submitForm(url.href, await page.text(), { username: account, password: `${account}-pass` });
  expect(callback.status).to.equal(303);
  const code = new URL(callback.headers.get('location')!).searchParams.get('code');
  expect(code, callback.headers.get('location') ?? '').to.be.a('string');
  return code!;
}

/** POSTs `form` to the token endpoint of `origin`; answers the status and the JSON body. */
export async function tokenRequest(origin: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await fetch(`${origin}/auth/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(form) });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}
