import type { Response } from 'express';
import { errorEntryOf, retryAfterOf } from './errorTable';

/** How a browser endpoint answers an error on a page: its status and how long to wait. */
export interface PageAnswer {
  readonly status: number;
  readonly retryAfterSeconds?: number;
}

/**
 * The table's page answer for a thrown error (an untrusted redirect, a refused logout, a wrong password,
 * too many sign-ins, no key yet); null when the error has no page (a fault: the error handler answers it).
 */
export function pageAnswerOf(error: unknown): PageAnswer | null {
  const entry = errorEntryOf(error);
  if (entry?.page === undefined) return null;
  const retryAfterSeconds = retryAfterOf(error, entry);
  return retryAfterSeconds === undefined ? { status: entry.page } : { status: entry.page, retryAfterSeconds };
}

/** The writer of an HTML error page: status, Retry-After when there is a wait to tell, the page as its page module rendered it (escaped). */
export function sendErrorPage(res: Response, answer: PageAnswer, html: string): void {
  if (answer.retryAfterSeconds !== undefined) res.set('Retry-After', String(answer.retryAfterSeconds));
  res.status(answer.status).type('html').send(html);
}
