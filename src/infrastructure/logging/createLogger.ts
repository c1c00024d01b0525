import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Paths never written to a log: credentials, secrets and key material, wherever
 * they appear in a logged object.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.query.appSecret',
  'password',
  'appSecret',
  'privateKey',
  'secret',
  '*.password',
  '*.appSecret',
  '*.privateKey',
  '*.secret',
  'err.config',
];

export interface LoggerOptions {
  readonly level: string;
  readonly name: string;
  /** Where JSON lines go; defaults to stdout. */
  readonly destination?: pino.DestinationStream;
}

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    { name: options.name, level: options.level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    options.destination ?? pino.destination({ sync: false }),
  );
}
