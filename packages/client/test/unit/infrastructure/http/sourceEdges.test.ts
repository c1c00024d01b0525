import { expect } from 'chai';
import { KeyFetchError } from '../../../../src/index';
import { boundedGet } from '../../../../src/infrastructure/http/boundedGet';
import { HttpPublicKeySource } from '../../../../src/infrastructure/http/HttpPublicKeySource';
import { HttpRevocationFeedSource } from '../../../../src/infrastructure/http/HttpRevocationFeedSource';
import { HttpVerificationKeyListSource } from '../../../../src/infrastructure/http/HttpVerificationKeyListSource';
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

describe('HTTP sources at their edges', () => {
  const server = new ScriptedHttpServer();
  const envelope = ScriptedHttpServer.envelope;
  before(() => server.start());
  after(() => server.stop());

  const credentials = () => ({ authServerUrl: server.origin, authContextPath: 'auth', appId: 'svc', appSecret: 'secret', timeoutMs: 2000 });

  it('boundedGet with anyStatus answers the first redirect status, 300, by its status', async () => {
    server.answer = { status: 300, body: 'choices' };
    expect(await boundedGet(new URL(`${server.origin}/x`), 2000, '', { anyStatus: true })).to.deep.equal({ status: 300, text: '' });
  });

  it('boundedGet redacts the secret where it appears as is', async () => {
    const error = await rejection(boundedGet(new URL('http://127.0.0.1:1/keys/topsecret/x'), 2000, 'topsecret'));
    expect(error.message).to.match(/^the key endpoint is unreachable \(.+ at http:\/\/127\.0\.0\.1:1\/keys\/\[redacted\]\/x\)$/);
  });

  it('keeps the inner slashes of a context path', () => {
    expect(authServiceUrl('https://a.example', '/sso/auth/', '/x')).to.equal('https://a.example/sso/auth/x');
  });

  it('the one-key endpoint keeps the parse error as the cause, and no key from a refusal', async () => {
    server.answer = { status: 200, body: '<html>' };
    expect((await rejection(new HttpPublicKeySource(credentials()).fetch())).cause).to.be.instanceOf(SyntaxError);
    server.answer = envelope(false, 42, 401);
    expect(await new HttpPublicKeySource(credentials()).fetch()).to.deep.equal({ success: false, data: null });
  });

  it('the key list keeps the parse error as the cause, and refuses a list with one bad entry among good ones', async () => {
    server.answer = { status: 200, body: '<html>' };
    expect((await rejection(new HttpVerificationKeyListSource(credentials()).fetchKeys())).cause).to.be.instanceOf(SyntaxError);
    server.answer = envelope(true, [{ kid: 'h1', alg: 'HS256', key: 'k' }, { kid: 'h2', alg: 'HS256' }]);
    const error = await rejection(new HttpVerificationKeyListSource(credentials()).fetchKeys());
    expect(error).to.be.instanceOf(KeyFetchError).with.property('message', 'the key list answered success without a list of {kid, alg, key}');
  });
});

describe('HTTP sources with answers that have no body, and failures without a cause', () => {
  const server = new ScriptedHttpServer();
  before(() => server.start());
  after(() => server.stop());

  it('boundedGet reads a 304 (no body) as a redirect it does not follow, or by its status with anyStatus', async () => {
    server.answer = { status: 304 };
    const error = await rejection(boundedGet(new URL(`${server.origin}/x`), 2000));
    expect(error).to.be.instanceOf(KeyFetchError).with.property('message', 'the key endpoint answered a redirect (HTTP 304), which is not followed');
    expect(await boundedGet(new URL(`${server.origin}/x`), 2000, '', { anyStatus: true })).to.deep.equal({ status: 304, text: '' });
  });

  it('boundedGet turns a failure that names no cause into a KeyFetchError with the error’s text', async () => {
    const error = await rejection(boundedGet(new URL(`${server.origin}/x`), 2000, '', { authorization: 'Basic a\nb' }));
    expect(error).to.be.instanceOf(KeyFetchError);
    expect(error.message).to.match(new RegExp(`^the key endpoint is unreachable \\(TypeError: [\\s\\S]+ at ${server.origin}/x\\)$`));
  });

  it('the revocation feed refuses an answer without a body (204) like any other unexpected status', async () => {
    server.answer = { status: 204 };
    const source = new HttpRevocationFeedSource({ authServerUrl: server.origin, authContextPath: 'auth', appId: 'svc', appSecret: 'secret', timeoutMs: 2000 });
    const error = await rejection(source.fetch(null));
    expect(error).to.be.instanceOf(KeyFetchError).with.property('message', 'the revocation feed answered HTTP 204');
  });
});
