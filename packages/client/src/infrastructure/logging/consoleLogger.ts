import type { Logger } from '../../domain/ports/Logger';

/**
 * The default logger when the host gives none: warnings and errors as one
 * console line each (fields as JSON), debug and info dropped. A host that wants
 * structured logs passes its own (pino's logger fits the `Logger` interface as is).
 */
export function consoleLogger(): Logger {
  const line = (level: string, fields: Record<string, unknown>, message: string) => `[auth-client] ${level} ${message} ${safeJson(fields)}`;
  return {
    debug: () => undefined,
    info: () => undefined,
    warn: (fields, message) => console.warn(line('warn', fields, message)),
    error: (fields, message) => console.error(line('error', fields, message)),
  };
}

/** A logger that drops every line (tests, quiet hosts). */
export function silentLogger(): Logger {
  const nothing = () => undefined;
  return { debug: nothing, info: nothing, warn: nothing, error: nothing };
}

function safeJson(fields: Record<string, unknown>): string {
  try {
    return JSON.stringify(fields, (_key, value: unknown) => (value instanceof Error ? { name: value.name, message: value.message } : value));
  } catch {
    return '{}';
  }
}
