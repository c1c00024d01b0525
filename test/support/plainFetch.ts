import request from 'supertest';

/** An answer as the DPoP tests read it: status, headers (DPoP-Nonce, WWW-Authenticate) and the JSON body ({} when none). */
export interface PlainAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

/** Through supertest on the listening origin, so every answer is checked against the served OpenAPI document too. */
async function answerOf(pending: request.Test): Promise<PlainAnswer> {
  const res = await pending;
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers as Record<string, string | string[]>)) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  return { status: res.status, headers, body: (res.body ?? {}) as Record<string, unknown> };
}

/** POSTs a form to `url` (an absolute URL of a listening instance). */
export function dpopPost(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<PlainAnswer> {
  const { origin, pathname, search } = new URL(url);
  return answerOf(request(origin).post(`${pathname}${search}`).type('form').set(headers).send(form));
}

export function dpopGet(url: string, headers: Record<string, string>): Promise<PlainAnswer> {
  const { origin, pathname, search } = new URL(url);
  return answerOf(request(origin).get(`${pathname}${search}`).set(headers));
}
