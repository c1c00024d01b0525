import type { Logger } from '../../src/index';

export interface LogLine {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly fields: Record<string, unknown>;
  readonly message: string;
}

/** Keeps every line so tests can assert what was (and was not) logged. */
export class RecordingLogger implements Logger {
  readonly lines: LogLine[] = [];

  debug(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'debug', fields, message });
  }

  info(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'info', fields, message });
  }

  warn(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'warn', fields, message });
  }

  error(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'error', fields, message });
  }

  at(level: LogLine['level']): LogLine[] {
    return this.lines.filter((line) => line.level === level);
  }
}
