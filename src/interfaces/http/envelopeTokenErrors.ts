import type { NextFunction, Request, Response } from 'express';
import { sendErrorAnswer } from './errors/ErrorAnswer';
import { envelopeErrorAnswer } from './errors/envelopeError';

/**
 * `onError` for the client library's express middleware: token errors answered
 * in the service's own envelope and Chinese messages (401 with WWW-Authenticate,
 * 503 with Retry-After), by the same table and writer as the error handler.
 */
export function envelopeTokenErrors(error: unknown, _req: Request, res: Response, _next: NextFunction): void {
  sendErrorAnswer(res, envelopeErrorAnswer(error, { basic: false }));
}
