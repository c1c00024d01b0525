import type { NextFunction, Request, Response } from 'express';
import { mappingFor, sendMapped } from './errorMapper';

/**
 * `onError` for the client library's express middleware: token errors answered
 * in the service's own envelope and Chinese messages (401 with WWW-Authenticate,
 * 503 with Retry-After), exactly as the inversify path's error mapper does.
 */
export function envelopeTokenErrors(error: unknown, _req: Request, res: Response, _next: NextFunction): void {
  sendMapped(res, mappingFor(error));
}
