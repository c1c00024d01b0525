import type { Container } from 'inversify';
import { createLogger } from '../../src/infrastructure/logging/createLogger';
import { TYPES } from '../../src/interfaces/composition/types';

/** A pino destination that keeps every JSON line in memory. */
export class LogCapture {
  readonly lines: string[] = [];

  write(line: string): void {
    this.lines.push(line);
  }

  records(): Array<Record<string, unknown>> {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  text(): string {
    return this.lines.join('');
  }

  /** A `configure` hook that sends the service's logs here, at the given level. */
  configure(level = 'trace'): (container: Container) => void {
    return (container) => {
      container.rebind(TYPES.Logger).toConstantValue(createLogger({ name: 'test', level, destination: this }));
    };
  }
}
