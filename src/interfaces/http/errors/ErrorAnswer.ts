import type { Response } from 'express';

/** One error answer as a writer builds it: sent as it stands, so a writer's unit test sees exactly what goes out. */
export interface ErrorAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON body, its fields in the order sent; null: no body (RFC 6750 §3.1, a request without a token). */
  readonly body: object | null;
}

export function sendErrorAnswer(res: Response, answer: ErrorAnswer): void {
  res.set(answer.headers);
  if (answer.body === null) res.status(answer.status).end();
  else res.status(answer.status).json(answer.body);
}

/** `Retry-After` when there is a wait to tell, else nothing. */
export function retryAfterHeader(seconds: number | undefined): Record<string, string> {
  return seconds === undefined ? {} : { 'Retry-After': String(seconds) };
}

/** RFC 9449 §8: the nonce a refusal names goes out as `DPoP-Nonce` (UseDpopNonceError carries it). */
export function dpopNonceHeader(error: unknown): Record<string, string> {
  const nonce = (error as { code?: unknown; nonce?: unknown } | null)?.nonce;
  return (error as { code?: unknown } | null)?.code === 'USE_DPOP_NONCE' && typeof nonce === 'string' ? { 'DPoP-Nonce': nonce } : {};
}
