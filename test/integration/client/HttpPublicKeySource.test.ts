import { expect } from 'chai';
import { KeyFetchError } from '../../../packages/client/src/domain/errors';
import { HttpPublicKeySource, keyEndpoint, type HttpPublicKeySourceOptions } from '../../../packages/client/src/infrastructure/http/HttpPublicKeySource';
import { FakeKeyServer } from '../../support/FakeKeyServer';
import { freePort } from '../../support/freePort';

const SECRET = 'p@ss/w?rd=&x y';

describe('HttpPublicKeySource', () => {
  let fake: FakeKeyServer;
  let origin: string;

  before(async () => {
    fake = new FakeKeyServer();
    origin = await fake.start();
  });

  after(async () => {
    await fake.close();
  });

  function source(overrides: Partial<HttpPublicKeySourceOptions> = {}): HttpPublicKeySource {
    return new HttpPublicKeySource({ authServerUrl: origin, authContextPath: 'auth', appId: 'demo app&1', appSecret: SECRET, timeoutMs: 1000, ...overrides });
  }

  async function failure(promise: Promise<unknown>): Promise<KeyFetchError> {
    try {
      await promise;
    } catch (error) {
      expect(error).to.be.instanceOf(KeyFetchError);
      expect((error as Error).message).to.not.include(SECRET);
      return error as KeyFetchError;
    }
    throw new Error('expected a KeyFetchError');
  }

  it('asks the seed endpoint with appId and appSecret form-encoded in HTTP Basic (RFC 6749 §2.3.1), none in the URL, and returns the key', async () => {
    fake.serveKey('S0VZ');
    expect(await source().fetch()).to.deep.equal({ success: true, data: 'S0VZ' });
    expect(fake.lastPath).to.equal('/auth/client/user/secret/key');
    expect([...(fake.lastQuery?.keys() ?? [])]).to.deep.equal([]);
    expect(fake.lastAuthorization).to.equal(`Basic ${Buffer.from('demo+app%261:p%40ss%2Fw%3Frd%3D%26x+y').toString('base64')}`);
  });

  it('builds the endpoint from any slashes in URL and context path', () => {
    expect(keyEndpoint('http://h:1/', '/auth/')).to.equal('http://h:1/auth/client/user/secret/key');
    expect(keyEndpoint('http://h:1/gateway', 'auth')).to.equal('http://h:1/gateway/auth/client/user/secret/key');
  });

  it('returns success false as an answer, also on a 4xx envelope', async () => {
    fake.serveEnvelope(200, { success: false, status: 200, msg: 'no', data: null });
    expect(await source().fetch()).to.deep.equal({ success: false, data: null });
    fake.serveEnvelope(401, { success: false, status: 401, msg: '客户端认证失败', data: null });
    expect(await source().fetch()).to.deep.equal({ success: false, data: null });
  });

  it('fails on 5xx', async () => {
    fake.serveEnvelope(500, { success: false, status: 500, msg: 'boom', data: null });
    expect((await failure(source().fetch())).message).to.equal('the key endpoint answered HTTP 500');
    fake.serveRaw(503, 'text/plain', 'unavailable');
    expect((await failure(source().fetch())).message).to.equal('the key endpoint answered HTTP 503');
  });

  it('fails on a body that is not the JSON envelope', async () => {
    fake.serveRaw(200, 'text/html', '<html>login</html>');
    expect((await failure(source().fetch())).message).to.equal('the key endpoint did not answer JSON (HTTP 200)');
    fake.serveEnvelope(200, { key: 'x' });
    expect((await failure(source().fetch())).message).to.equal('the key endpoint did not answer the envelope (HTTP 200)');
    fake.serveEnvelope(200, { success: true, data: 42 });
    expect((await failure(source().fetch())).message).to.equal('the key endpoint answered success without a key');
    fake.serveRaw(200, 'application/json', JSON.stringify({ success: true, data: 'x'.repeat(70 * 1024) }));
    expect((await failure(source().fetch())).message).to.match(/more than 65536 bytes/);
  });

  it('fails on a redirect instead of sending the secret elsewhere', async () => {
    fake.serveRedirect('http://attacker.invalid/steal');
    expect((await failure(source().fetch())).message).to.equal('the key endpoint answered a redirect (HTTP 302), which is not followed');
  });

  it('gives up after the timeout on a hanging server', async () => {
    fake.hang();
    const started = Date.now();
    expect((await failure(source({ timeoutMs: 300 }).fetch())).message).to.equal('the key endpoint did not answer within 300 ms');
    expect(Date.now() - started).to.be.below(300 + 1000);
  });

  it('fails when nothing listens', async () => {
    const port = await freePort();
    const message = (await failure(source({ authServerUrl: `http://127.0.0.1:${port}` }).fetch())).message;
    // Names the URL it tried, without the query that carries the app secret.
    expect(message).to.equal(`the key endpoint is unreachable (ECONNREFUSED at http://127.0.0.1:${port}/auth/client/user/secret/key)`);
  });
});
