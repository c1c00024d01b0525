import { expect } from 'chai';
import request from 'supertest';
import { createLogger } from '../../src/infrastructure/logging/createLogger';
import { TYPES } from '../../src/interfaces/composition/types';
import { KEY_PATH, LOGIN_PATH } from '../support/authContract';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';

describe('auth service logging', () => {
  const lines: Array<Record<string, unknown>> = [];
  let server: RunningAuthServer;

  before(async () => {
    const destination = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
    server = await startAuthServer({}, (container) => {
      container.rebind(TYPES.Logger).toConstantValue(createLogger({ name: 'auth', level: 'info', destination }));
    });
  });

  after(async () => {
    await server.auth.close();
  });

  it('warns at startup that the stub login accepts any password', () => {
    const warning = lines.find((line) => line.level === 40 && /stub/i.test(String(line.msg)));
    expect(warning, JSON.stringify(lines)).to.exist;
    expect(String(warning?.msg)).to.match(/any username and password/i);
  });

  it('stamps every line with an ISO 8601 time with offset', () => {
    expect(lines.length).to.be.above(0);
    for (const line of lines) expect(line.time, JSON.stringify(line)).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('logs the appId of a key request, never the appSecret', async () => {
    lines.length = 0;
    await request(server.origin).get(KEY_PATH).query({ appId: 'orders-service', appSecret: 'never-log-this-secret' }).expect(200);

    const text = JSON.stringify(lines);
    expect(lines.some((line) => line.appId === 'orders-service')).to.equal(true);
    expect(text).not.to.include('never-log-this-secret');
  });

  it('never logs a login password', async () => {
    lines.length = 0;
    await request(server.origin).post(LOGIN_PATH).send({ username: 'admin', password: 'never-log-this-password' }).expect(200);
    expect(JSON.stringify(lines)).not.to.include('never-log-this-password');
  });
});
