import type { Logger as TypeOrmLogger } from 'typeorm';
import type { Logger } from '../logging/createLogger';

/**
 * TypeORM's log events as pino JSON lines. TypeORM's own console logger prints
 * migration messages as plain text on stdout whatever `logging` says, which
 * breaks a JSON log stream. Queries and their parameters are never logged: the
 * parameters of an insert carry private keys.
 */
export class PinoTypeOrmLogger implements TypeOrmLogger {
  constructor(private readonly logger: Logger) {}

  logQuery(): void {}

  logQueryError(error: string | Error): void {
    // The caller gets the error too and decides how bad it is.
    this.logger.debug({ error: error instanceof Error ? error.message : error }, 'database query failed');
  }

  logQuerySlow(time: number): void {
    this.logger.warn({ timeMs: time }, 'slow database query');
  }

  logSchemaBuild(): void {}

  logMigration(message: string): void {
    this.logger.info({ migration: message }, 'database migration');
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn({ detail: String(message) }, 'database warning');
    else this.logger.debug({ detail: String(message) }, 'database');
  }
}
