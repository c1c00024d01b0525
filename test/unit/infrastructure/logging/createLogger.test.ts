import { expect } from 'chai';
import { QueryFailedError } from 'typeorm';
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

  it("keeps a failed query's bound values and the database's detail out of the line, the query text and code in", () => {
    const capture = new LogCapture();
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "ux_refresh_token_hash"'), {
      code: '23505',
      detail: 'Key (token_hash)=(digest-d1) already exists.',
    });
    const failed = new QueryFailedError('INSERT INTO "refresh_tokens"("token_hash", "password_hash") VALUES ($1, $2)', ['digest-d1', 'hash-h1'], driverError);

    createLogger({ name: 'auth', level: 'info', destination: capture }).error({ err: failed }, 'request failed');

    const line = capture.text();
    for (const secret of ['digest-d1', 'hash-h1']) expect(line).not.to.include(secret);
    expect(capture.records()[0].err).to.deep.include({ code: '23505', query: failed.query, parameters: '[redacted]', detail: '[redacted]' });
  });

  it('honours the level', () => {
    const capture = new LogCapture();
    const logger = createLogger({ name: 'auth', level: 'warn', destination: capture });

    logger.info('hidden');
    logger.warn('shown');

    expect(capture.records().map((record) => record.msg)).to.deep.equal(['shown']);
  });
});
