import pino, { type Logger } from 'pino';
import { isoTime } from './isoTime';

export type { Logger };

/**
 * Paths never written to a log: credentials, secrets, tokens and key material,
 * wherever they appear in a logged object. The request serializer already
 * keeps only a few safe fields; this is the second line of defence.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["verified-ticket"]',
  'req.query.appSecret',
  'req.body',
  'res.headers["set-cookie"]',
  'password',
  'appSecret',
  'privateKey',
  'secret',
  'passwordHash',
  'token',
  'access_token',
  'authorization',
  'body',
  '*.password',
  '*.appSecret',
  '*.privateKey',
  '*.secret',
  '*.passwordHash',
  '*.token',
  '*.access_token',
  '*.authorization',
  '*.body',
  'err.config',
  // TypeORM's QueryFailedError carries the query's bound values and the driver's own error, whose detail
  // quotes the offending row's key (PostgreSQL: "Key (token_hash)=(…) already exists"); query text and code stay.
  'err.parameters',
  'err.detail',
  'err.driverError.detail',
];

export interface LoggerOptions {
  readonly level: string;
  readonly name: string;
  /** Where JSON lines go; defaults to stdout. */
  readonly destination?: pino.DestinationStream;
  /**
   * Human-readable lines through pino-pretty. Defaults to on when stdout is a
   * terminal and no destination is given (JSON otherwise: pipelines, tests).
   */
  readonly pretty?: boolean;
}

/** pino-pretty's rendering of the same ISO 8601 UTC time. */
const PRETTY_TIME = "UTC:yyyy-mm-dd'T'HH:MM:ss.l'Z'";

export function createLogger(options: LoggerOptions): Logger {
  const settings = {
    name: options.name,
    level: options.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // ISO 8601 in UTC, as health and the CLIs show times (pino's default is epoch milliseconds).
    timestamp: isoTime,
  };
  if (options.destination) return pino(settings, options.destination);
  if (options.pretty ?? (process.stdout.isTTY === true && prettyPrinterInstalled())) {
    return pino(settings, pino.transport({ target: 'pino-pretty', options: { colorize: true, translateTime: PRETTY_TIME } }));
  }
  return pino(settings, asyncDestination());
}

/**
 * stdout (or the open descriptor `fd`), written asynchronously: a thread-pool
 * job per write, and the lines that arrive meanwhile go out together in the
 * next one. Lines are handed to sonic-boom as bytes (its buffer mode): in its
 * text mode it appends each line to the pending batch and measures the whole
 * batch again, which flattens and copies up to 16 KB per line under load
 * (5.0–6.9 µs a line against 3.4–5.0 at 40 lines per event-loop turn,
 * `npm run bench:log-destination`). sonic-boom still does the rest: partial
 * writes, EAGAIN, the flush at exit. A descriptor, not a path: sonic-boom opens
 * a path asynchronously, and lines written before it is open are lost if the
 * process exits first.
 *
 * Measured and not adopted: batching (minLength 4096 +
 * periodicFlush) paid the same re-measuring, and synchronous writes block the
 * event loop whenever a pipe reader falls behind (~80 µs a line into a pipe in
 * a micro-benchmark).
 */
export function asyncDestination(fd?: number): ReturnType<typeof pino.destination> {
  const stream = pino.destination({ ...(fd === undefined ? {} : { dest: fd }), sync: false, contentMode: 'buffer' });
  // In buffer mode sonic-boom's write takes bytes; pino hands it each line as a string.
  const writeBytes = stream.write.bind(stream) as unknown as (bytes: Buffer) => boolean;
  stream.write = (line: string) => writeBytes(Buffer.from(line, 'utf8'));
  return stream;
}

/** pino-pretty is a development dependency; production installs fall back to JSON. */
function prettyPrinterInstalled(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}
