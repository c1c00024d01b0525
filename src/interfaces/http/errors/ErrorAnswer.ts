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
