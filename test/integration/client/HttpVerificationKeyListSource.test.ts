import { expect } from 'chai';
import { KeyFetchError } from '../../../packages/client/src/domain/errors';
import { HttpVerificationKeyListSource } from '../../../packages/client/src/infrastructure/http/HttpVerificationKeyListSource';
import { FakeKeyServer } from '../../support/FakeKeyServer';

const SECRET = 'p@ss/w?rd=&x y';

describe('HttpVerificationKeyListSource', () => {
  let fake: FakeKeyServer;
  let source: HttpVerificationKeyListSource;

  before(async () => {
    fake = new FakeKeyServer();
    source = new HttpVerificationKeyListSource({ authServerUrl: await fake.start(), authContextPath: 'auth', appId: 'demo', appSecret: SECRET, timeoutMs: 1000 });
  });
  after(() => fake.close());
  afterEach(() => {
    fake.keyList = undefined;
  });

  async function failure(): Promise<string> {
    try {
      await source.fetchKeys();
    } catch (error) {
      expect(error).to.be.instanceOf(KeyFetchError);
      expect((error as Error).message).to.not.include(SECRET);
      return (error as Error).message;
    }
    throw new Error('expected a KeyFetchError');
  }

  it('asks /client/user/secret/keys with the credentials and returns the keys by kid', async () => {
    fake.keyList = true;
    const keys = [{ kid: 'a', alg: 'HS256', key: 'S0VZ' }];
    fake.serveEnvelope(200, { success: true, status: 200, msg: '操作成功!', data: keys });
    expect(await source.fetchKeys()).to.deep.equal({ served: true, success: true, keys });
    expect(fake.lastPath).to.equal('/auth/client/user/secret/keys');
    expect([...(fake.lastQuery?.keys() ?? [])]).to.deep.equal([]);
    expect(Buffer.from((fake.lastAuthorization ?? '').replace(/^Basic /, ''), 'base64').toString()).to.equal('demo:p%40ss%2Fw%3Frd%3D%26x+y');
  });

  it('says "not served" on 404 (an older auth service), so the seed endpoint answers', async () => {
    expect(await source.fetchKeys()).to.deep.equal({ served: false });
  });

  it('returns success false as an answer (wrong credentials)', async () => {
    fake.keyList = true;
    fake.serveEnvelope(401, { success: false, status: 401, msg: '客户端认证失败', data: null });
    expect(await source.fetchKeys()).to.deep.equal({ served: true, success: false, keys: [] });
  });

  it('fails on answers that are not a list of {kid, alg, key}, without the secret in the message', async () => {
    fake.keyList = true;
    fake.serveKey('S0VZ');
    expect(await failure()).to.equal('the key list answered success without a list of {kid, alg, key}');
    fake.serveEnvelope(200, { success: true, status: 200, msg: 'ok', data: [{ kid: '', alg: 'HS256', key: 'x' }] });
    expect(await failure()).to.equal('the key list answered success without a list of {kid, alg, key}');
    fake.serveRaw(200, 'text/html', '<h1>maintenance</h1>');
    expect(await failure()).to.equal('the key list did not answer JSON (HTTP 200)');
    fake.serveRaw(502, 'text/plain', 'bad gateway');
    expect(await failure()).to.equal('the key endpoint answered HTTP 502');
  });
});
