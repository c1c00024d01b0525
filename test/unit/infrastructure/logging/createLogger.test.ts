import { expect } from 'chai';
import { createLogger } from '../../../../src/infrastructure/logging/createLogger';
import { LogCapture } from '../../../support/LogCapture';

describe('createLogger', () => {
  it('writes JSON lines with level, name and message to the given destination', () => {
    const capture = new LogCapture();

    createLogger({ name: 'auth', level: 'info', destination: capture }).info({ kid: 'k1' }, 'signing key ready');

    expect(capture.records()).to.have.length(1);
    expect(capture.records()[0]).to.include({ level: 30, name: 'auth', kid: 'k1', msg: 'signing key ready' });
  });

  it('redacts credentials and key material at the top level and one level down', () => {
    const capture = new LogCapture();
    const logger = createLogger({ name: 'auth', level: 'info', destination: capture });

    logger.info(
      {
        password: 'p1',
        appSecret: 's1',
        privateKey: 'k1',
        token: 't1',
        passwordHash: 'h1',
        login: { password: 'p2', access_token: 't2' },
        err: { message: 'bad json', body: '{"password":"p3"}' },
        req: { headers: { authorization: 'Bearer t3', cookie: 'c=1', 'verified-ticket': 'v1' } },
      },
      'everything secret',
    );

    const line = capture.text();
    for (const secret of ['p1', 's1', 'k1', 't1', 'h1', 'p2', 't2', 'p3', 't3', 'c=1', 'v1']) expect(line).not.to.include(`"${secret}`);
    expect(capture.records()[0]).to.deep.include({ password: '[redacted]', login: { password: '[redacted]', access_token: '[redacted]' } });
  });

  it('honours the level', () => {
    const capture = new LogCapture();
    const logger = createLogger({ name: 'auth', level: 'warn', destination: capture });

    logger.info('hidden');
    logger.warn('shown');

    expect(capture.records().map((record) => record.msg)).to.deep.equal(['shown']);
  });
});
