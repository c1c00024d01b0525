/**
 * The few log calls inner layers make: one structured line each. Pino's logger
 * satisfies it as is. Fields must never hold secrets or key material.
 */
export interface Logger {
  debug(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}
