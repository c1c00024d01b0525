/** An answer as the DPoP tests read it: status, headers (DPoP-Nonce, WWW-Authenticate) and the JSON body ({} when none). */
export interface PlainAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

/** POSTs a form with fetch, as a client library would (no supertest: the listening instances are the test's subject). */
export async function dpopPost(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<PlainAnswer> {
  const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(form) });
  return { status: answer.status, headers: answer.headers, body: (await answer.json()) as Record<string, unknown> };
}

export async function dpopGet(url: string, headers: Record<string, string>): Promise<PlainAnswer> {
  const answer = await fetch(url, { headers });
  const text = await answer.text();
  return { status: answer.status, headers: answer.headers, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}
