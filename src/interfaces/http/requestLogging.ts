import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger as PinoLogger } from 'pino';
import type { Logger } from '@auth-service/client';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What an incoming request id may look like to be reused: UUIDs, trace ids, short tokens. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Query parameters whose values are never written to a log line. */
const SENSITIVE_PARAMETER = /secret|password|passwd|token|authorization|key|code|ticket/i;

/**
 * One JSON line per request (method, path, status, time, request id) through
 * pino-http. The request id is the caller's X-Request-Id when it looks sane,
 * a fresh UUID otherwise, and is echoed in the response. Only a few safe
 * request fields are logged: no headers beyond the user agent, no body, and
 * secrets in the query string are masked.
 */
export function requestLogging(logger: Logger): RequestHandler {
  // An application embedding the client may bind its own logger instead of pino.
  if (!isPino(logger)) return plainRequestLogging(logger);
  const full = pinoHttp({
    logger,
    genReqId: requestId,
    // Lines logged through req.log carry just the request id, not the whole request again.
    quietReqLogger: true,
    customLogLevel: (_req, res, error) => (error || isFault(res) ? 'error' : isReportedUnavailable(res) ? 'warn' : 'info'),
    // pino-http attaches an Error (with its stack) to every 5xx line; a DOWN health report has no error to show.
    customErrorObject: (_req, res, error, value: Record<string, unknown>) =>
      isReportedUnavailable(res) && !(res as { err?: unknown }).err && error.message === `failed with status code ${res.statusCode}` ? { ...value, err: undefined } : value,
    serializers: {
      req: (req: { id: unknown; method: string; url: string; headers: Record<string, unknown>; raw: Request }) => ({
        id: req.id,
        method: req.method,
        url: maskedUrl(req.url),
        remoteAddress: req.raw.ip,
        userAgent: req.headers['user-agent'],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  }) as unknown as RequestHandler;
  const errorsOnly = errorsOnlyRequestLogging(logger);
  // The level is read per request (it may be changed at run time); the check costs next to nothing.
  return (req, res, next) => (logger.isLevelEnabled('info') ? full(req, res, next) : errorsOnly(req, res, next));
}

/**
 * What pino-http would write when `info` is off: nothing but the `request
 * errored` line of a 5xx, with the same fields. No child logger, serializer or
 * timer per request; only the request id and one `finish` listener.
 */
function errorsOnlyRequestLogging(logger: PinoLogger): RequestHandler {
  return (req, res, next) => {
    const id = requestId(req, res);
    (req as { id?: unknown }).id = id;
    const started = Date.now();
    res.once('finish', () => {
      const request = { id, method: req.method, url: maskedUrl(req.originalUrl), remoteAddress: req.ip, userAgent: req.headers['user-agent'] };
      if (isReportedUnavailable(res)) {
        if (logger.isLevelEnabled('warn')) logger.warn({ reqId: id, req: request, res: { statusCode: res.statusCode }, responseTime: Date.now() - started }, 'request errored');
        return;
      }
      if (!isFault(res) || !logger.isLevelEnabled('error')) return;
      const fields = { reqId: id, req: request, res: { statusCode: res.statusCode }, err: new Error(`failed with status code ${res.statusCode}`), responseTime: Date.now() - started };
      logger.error(fields, 'request errored');
    });
    next();
  };
}

/**
 * A 5xx is logged as an error unless it carries Retry-After: such a 503 is a
 * deliberate, transient refusal (hashing saturated, no key yet, shutting
 * down), logged like any answer, so a refused burst does not flood the error
 * log (or cost a stack trace per request).
 */
function isFault(res: ServerResponse): boolean {
  return res.statusCode >= 500 && res.statusCode !== 503 && !res.hasHeader('retry-after');
}

/**
 * A 503 without Retry-After: a health probe answering DOWN (e.g. the demo client
 * before its first key). Worth a warning, not an error with a stack trace per probe.
 */
function isReportedUnavailable(res: ServerResponse): boolean {
  return res.statusCode === 503 && !res.hasHeader('retry-after');
}

function isPino(logger: Logger): logger is PinoLogger {
  return typeof (logger as { child?: unknown }).child === 'function';
}

/** The same request id handling and one line per request, through any structured logger. */
function plainRequestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = requestId(req, res);
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const fields = { reqId: id, method: req.method, url: maskedUrl(req.originalUrl), statusCode: res.statusCode };
      const responseTimeMs = Number(process.hrtime.bigint() - started) / 1e6;
      if (isFault(res)) logger.error({ ...fields, responseTimeMs }, 'request failed');
      else if (isReportedUnavailable(res)) logger.warn({ ...fields, responseTimeMs }, 'request refused');
      else logger.info({ ...fields, responseTimeMs }, 'request completed');
    });
    next();
  };
}

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** The URL with the values of sensitive query parameters replaced. */
export function maskedUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SENSITIVE_PARAMETER.test(safeDecode(name)) && equals >= 0 ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
