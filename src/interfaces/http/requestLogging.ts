import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger as PinoLogger } from 'pino';
import type { Logger } from '@auth-service/client';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What an incoming request id may look like to be reused: UUIDs, trace ids, short tokens. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Query parameters whose values are never written to a log line. */
const SENSITIVE_PARAMETER = /secret|password|passwd|token|authorization|key|code|ticket/i;

/**
 * One JSON line per request (method, masked URL, client address, user agent,
 * status, response time, request id), written with pino's plain logger when
 * the response closes: no pino-http, no child logger, serializer or second
 * listener per request (measured: pino-http and the redaction paths cost
 * about half the throughput of a cheap route). The request id is the caller's
 * X-Request-Id when it looks sane, a fresh UUID otherwise, and is echoed in the
 * response. Only these few safe fields are logged: no headers beyond the user
 * agent, no body, and the values of secret-looking query parameters masked.
 */
export function requestLogging(logger: Logger): RequestHandler {
  // An application embedding the client may bind its own logger instead of pino.
  if (!isPino(logger)) return plainRequestLogging(logger);
  // The access line carries only the safe fields built below, so the logger's
  // redaction paths (wildcards matched against every key of every line, ~20 µs a
  // line) are not applied to it; every other line keeps them.
  const access = logger.child({}, { redact: [] });
  return (req, res, next) => {
    const id = requestId(req, res);
    keepRequestId(req, res, id);
    const started = performance.now();
    res.once('close', () => writeAccessLine(access, req, res, id, started));
    next();
  };
}

/** The line of one request, at the level its outcome deserves; nothing when that level is off. */
function writeAccessLine(logger: PinoLogger, req: Request, res: Response, id: string, started: number): void {
  const aborted = !res.writableFinished;
  const level = isFault(res) && !aborted ? 'error' : isReportedUnavailable(res) ? 'warn' : 'info';
  // Read per request: the level may be changed at run time, and the check is all a disabled line costs.
  if (!logger.isLevelEnabled(level)) return;
  const fields = {
    reqId: id,
    req: { id, method: req.method, url: maskedUrl(req.originalUrl), remoteAddress: req.ip, userAgent: req.headers['user-agent'] },
    res: { statusCode: res.statusCode },
    err: level === 'error' ? new Error(`failed with status code ${res.statusCode}`) : undefined,
    responseTime: Math.round(performance.now() - started),
  };
  const message = aborted ? 'request aborted' : level === 'info' ? 'request completed' : 'request errored';
  logger[level](fields, message);
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
    keepRequestId(req, res, id);
    const started = performance.now();
    res.once('finish', () => {
      const fields = { reqId: id, method: req.method, url: maskedUrl(req.originalUrl), statusCode: res.statusCode };
      const responseTimeMs = performance.now() - started;
      if (isFault(res)) logger.error({ ...fields, responseTimeMs }, 'request failed');
      else if (isReportedUnavailable(res)) logger.warn({ ...fields, responseTimeMs }, 'request refused');
      else logger.info({ ...fields, responseTimeMs }, 'request completed');
    });
    next();
  };
}

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  // randomUUID draws from a cached entropy pool: ~0.2 µs, not worth replacing with a counter.
  const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Where `req.id` reads the request id from. */
const REQUEST_ID_LOCAL = Symbol('requestId');

/**
 * Makes the id `req.id` (the pino-http convention) without a new property on
 * the request: one more own property turned the request into a dictionary
 * object (about 1.3 KB of garbage, and slower reads of it in every middleware
 * after). The id lives in res.locals, a dictionary already, and `id` is a
 * getter on the app's request prototype (`app.request`, express's place for
 * request extensions); a handler may still assign its own `req.id`.
 */
function keepRequestId(req: Request, res: Response, id: string): void {
  const locals = res.locals as Record<symbol, unknown> | undefined;
  if (locals === undefined) {
    (req as { id?: unknown }).id = id;
    return;
  }
  locals[REQUEST_ID_LOCAL] = id;
  const prototype = Object.getPrototypeOf(req) as object;
  if (Object.prototype.hasOwnProperty.call(prototype, 'id')) return;
  Object.defineProperty(prototype, 'id', {
    configurable: true,
    enumerable: true,
    get(this: Request): unknown {
      return (this.res?.locals as Record<symbol, unknown> | undefined)?.[REQUEST_ID_LOCAL];
    },
    set(this: Request, value: unknown) {
      Object.defineProperty(this, 'id', { value, writable: true, enumerable: true, configurable: true });
    },
  });
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
