import { expect } from 'chai';
import { consoleLogger, silentLogger } from '../../../../src/infrastructure/logging/consoleLogger';

/** Captures console.warn / console.error for the duration of `action`. */
function captured(action: () => void): { warn: unknown[][]; error: unknown[][]; log: unknown[][] } {
  const lines = { warn: [] as unknown[][], error: [] as unknown[][], log: [] as unknown[][] };
  const saved = { warn: console.warn, error: console.error, log: console.log, info: console.info, debug: console.debug };
  console.warn = (...args: unknown[]) => void lines.warn.push(args);
  console.error = (...args: unknown[]) => void lines.error.push(args);
  console.log = console.info = console.debug = (...args: unknown[]) => void lines.log.push(args);
  try {
    action();
  } finally {
    Object.assign(console, saved);
  }
  return lines;
}

describe('the default loggers', () => {
  it('consoleLogger writes warnings and errors as one line each with the fields as JSON, and drops debug and info', () => {
    const lines = captured(() => {
      const logger = consoleLogger();
      logger.debug({ a: 1 }, 'debug line');
      logger.info({ a: 1 }, 'info line');
      logger.warn({ kid: 'k1' }, 'feed slow');
      logger.error({ error: new TypeError('bad key') }, 'refresh failed');
    });
    expect(lines.log).to.deep.equal([]);
    expect(lines.warn).to.deep.equal([['[auth-client] warn feed slow {"kid":"k1"}']]);
    expect(lines.error).to.deep.equal([['[auth-client] error refresh failed {"error":{"name":"TypeError","message":"bad key"}}']]);
  });

  it('consoleLogger still writes the line when the fields cannot be serialised', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const lines = captured(() => consoleLogger().warn(circular, 'odd fields'));
    expect(lines.warn).to.deep.equal([['[auth-client] warn odd fields {}']]);
  });

  it('silentLogger writes nothing at any level', () => {
    const lines = captured(() => {
      const logger = silentLogger();
      logger.debug({}, 'd');
      logger.info({}, 'i');
      logger.warn({}, 'w');
      logger.error({}, 'e');
    });
    expect(lines).to.deep.equal({ warn: [], error: [], log: [] });
  });
});
