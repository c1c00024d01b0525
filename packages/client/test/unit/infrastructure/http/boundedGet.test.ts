import { expect } from 'chai';
import { KeyFetchError } from '../../../../src/index';
import { boundedGet } from '../../../../src/infrastructure/http/boundedGet';
import { authServiceUrl } from '../../../../src/infrastructure/http/boundedGet';
import { ScriptedHttpServer } from '../../../support/ScriptedHttpServer';

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('boundedGet: one GET with a timeout, a bounded body, no redirects, no secret in errors', () => {
  const server = new ScriptedHttpServer();
  before(() => server.start());
  after(() => server.stop());
  beforeEach(() => server.requests.splice(0));

  const url = (path = '/auth/x') => new URL(`${server.origin}${path}`);

  it('answers the status and body of a 2xx or 4xx, asking for JSON and sending the authorization given', async () => {
    server.answer = { status: 200, body: '{"ok":true}' };
    expect(await boundedGet(url(), 2000, '', { authorization: 'Basic abc' })).to.deep.equal({ status: 200, text: '{"ok":true}' });
    expect(server.requests[0].headers).to.include({ accept: 'application/json', authorization: 'Basic abc' });
    server.answer = { status: 404, body: 'not here' };
    expect(await boundedGet(url(), 2000)).to.deep.equal({ status: 404, text: 'not here' });
    expect(server.requests[1].headers).to.not.have.property('authorization');
  });

  it('answers an empty text for an empty body', async () => {
    server.answer = { status: 204 };
    expect(await boundedGet(url(), 2000)).to.deep.equal({ status: 204, text: '' });
  });

  it('fails on 5xx and on redirects, which are never followed', async () => {
    server.answer = { status: 500, body: 'boom' };
    expect(await rejection(boundedGet(url(), 2000))).to.be.instanceOf(KeyFetchError).with.property('message', 'the key endpoint answered HTTP 500');
    server.answer = { status: 302, headers: { location: 'http://elsewhere.invalid/' } };
    const redirect = await rejection(boundedGet(url(), 2000));
    expect(redirect).to.be.instanceOf(KeyFetchError).with.property('message', 'the key endpoint answered a redirect (HTTP 302), which is not followed');
    server.answer = { status: 399 };
    expect((await rejection(boundedGet(url(), 2000))).message).to.equal('the key endpoint answered a redirect (HTTP 399), which is not followed');
    server.answer = { status: 300 };
    expect((await rejection(boundedGet(url(), 2000))).message).to.equal('the key endpoint answered a redirect (HTTP 300), which is not followed');
    expect(server.requests).to.have.length(4);
  });

  it('with anyStatus answers 5xx and redirects with their status and an empty text; other statuses as usual', async () => {
    for (const status of [500, 503, 301, 307, 399]) {
      server.answer = { status, body: 'ignored', headers: { location: '/x' } };
      expect(await boundedGet(url(), 2000, '', { anyStatus: true }), String(status)).to.deep.equal({ status, text: '' });
    }
    server.answer = { status: 400, body: 'bad' };
    expect(await boundedGet(url(), 2000, '', { anyStatus: true })).to.deep.equal({ status: 400, text: 'bad' });
    server.answer = { status: 299, body: 'odd' };
    expect(await boundedGet(url(), 2000, '', { anyStatus: true })).to.deep.equal({ status: 299, text: 'odd' });
  });

  it('reads a body of exactly 64 KiB and refuses a larger one', async () => {
    server.answer = { status: 200, body: 'a'.repeat(64 * 1024) };
    expect((await boundedGet(url(), 2000)).text).to.have.length(64 * 1024);
    server.answer = { status: 200, body: 'a'.repeat(64 * 1024 + 1) };
    const error = await rejection(boundedGet(url(), 2000));
    expect(error).to.be.instanceOf(KeyFetchError).with.property('message', 'the key endpoint answered more than 65536 bytes');
  });

  it('gives up after the timeout', async () => {
    server.answer = { hang: true };
    const error = await rejection(boundedGet(url(), 50));
    expect(error).to.be.instanceOf(KeyFetchError).with.property('message', 'the key endpoint did not answer within 50 ms');
    expect(error.cause).to.be.instanceOf(Error);
  });

  it('says why and where an unreachable server failed, without the query or the secret', async () => {
    const closed = new ScriptedHttpServer();
    await closed.start();
    const origin = closed.origin;
    await closed.stop();
    const error = await rejection(boundedGet(new URL(`${origin}/auth/key?secret=s3cr%2Ft`), 2000, 's3cr/t'));
    expect(error).to.be.instanceOf(KeyFetchError);
    expect(error.message).to.equal(`the key endpoint is unreachable (ECONNREFUSED at ${origin}/auth/key)`);
  });

  it('redacts the secret, also URL-encoded, wherever the failure names it', async () => {
    const error = await rejection(boundedGet(new URL('http://127.0.0.1:1/p%2Fw/s3cr/t'), 2000, 'p/w'));
    expect(error.message).to.match(/^the key endpoint is unreachable \(.+ at http:\/\/127\.0\.0\.1:1\/\[redacted\]\/s3cr\/t\)$/);
    expect(error.message).to.not.include('p/w').and.not.include('p%2Fw');
  });

  it('joins the auth service URL, its context path and the endpoint, keeping a path prefix', () => {
    expect(authServiceUrl('https://a.example', 'auth', '/x')).to.equal('https://a.example/auth/x');
    expect(authServiceUrl('https://a.example/', '/auth/', '/x')).to.equal('https://a.example/auth/x');
    expect(authServiceUrl('https://a.example/prefix//', '//auth//', '/x')).to.equal('https://a.example/prefix/auth/x');
    expect(authServiceUrl('https://a.example', '', '/x')).to.equal('https://a.example/x');
    expect(authServiceUrl('https://a.example', '/', '/x')).to.equal('https://a.example/x');
  });
});
