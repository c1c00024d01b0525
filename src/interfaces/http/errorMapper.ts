import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from '@auth-service/client';
import { DomainError } from '../../domain/errors';
import { failure } from './envelope';
import { sendErrorAnswer } from './errors/ErrorAnswer';
import { envelopeErrorAnswer, isTransient } from './errors/envelopeError';
import { MESSAGES } from './messages';
import { maskedUrl } from './requestLogging';
import { sendStandardError } from './standardErrors';

interface Mapping {
  readonly status: number;
  readonly msg: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The envelope answer for any thrown value, as the error table gives it (errors/errorTable.ts); unknown errors are 500 and are logged by the caller. */
export function mappingFor(error: unknown): Mapping {
  const answer = envelopeErrorAnswer(error, { basic: false });
  const { status, msg } = answer.body as { status: number; msg: string };
  return Object.keys(answer.headers).length === 0 ? { status, msg } : { status, msg, headers: answer.headers };
}

export function sendMapped(res: Response, mapping: Mapping): void {
  if (mapping.headers) res.set(mapping.headers);
  res.status(mapping.status).json(failure(mapping.status, mapping.msg));
}

/** Last error handler: envelope out, never a stack trace, path or key material. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const logFailure = () => {
      // The request id set by requestLogging, so this line and the access line can be matched.
      const reqId = (req as { id?: unknown }).id;
      logger.error({ reqId, err: error, method: req.method, url: maskedUrl(req.originalUrl) }, 'request failed');
    };
    // Why a grant was refused, for whoever reads the log; the answer says only invalid_grant (the detail is never sent).
    const detail = (error as { detail?: unknown } | null)?.detail;
    if (error instanceof DomainError && typeof detail === 'string') {
      logger.info({ reqId: (req as { id?: unknown }).id, code: error.code, detail }, 'grant refused');
    }
    // The standard OAuth endpoints answer RFC 6749/6750 errors, not the envelope.
    const standardStatus = sendStandardError(res, error);
    if (standardStatus !== null) {
      if (standardStatus === 500) logFailure();
      return;
    }
    const answer = envelopeErrorAnswer(error, { basic: /^basic /i.test(req.headers.authorization ?? '') });
    // Expected, transient 503s (no key yet, hashing saturated, store away: its health says so) are not failures worth a log line each.
    if (answer.status >= 500 && !isTransient(error)) logFailure();
    sendErrorAnswer(res, answer);
  };
}

/** Unknown route. */
export const notFoundHandler: RequestHandler = (_req, res) => {
  sendMapped(res, { status: 404, msg: MESSAGES.notFound });
};
