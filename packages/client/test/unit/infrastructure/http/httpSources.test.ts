import { expect } from 'chai';
import { KeyFetchError } from '../../../../src/index';
import { HttpIssuerSource } from '../../../../src/infrastructure/http/HttpIssuerSource';
import { HttpJsonWebKeySetSource } from '../../../../src/infrastructure/http/HttpJsonWebKeySetSource';
import { HttpPublicKeySource, keyEndpoint } from '../../../../src/infrastructure/http/HttpPublicKeySource';
import { HttpRevocationFeedSource } from '../../../../src/infrastructure/http/HttpRevocationFeedSource';
import { HttpVerificationKeyListSource } from '../../../../src/infrastructure/http/HttpVerificationKeyListSource';
import { ScriptedHttpServer } from '../../../support/ScriptedHttpServer';

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('the HTTP sources of keys, issuer and revocations', () => {
  const server = new ScriptedHttpServer();
  const envelope = ScriptedHttpServer.envelope;
  before(() => server.start());
  after(() => server.stop());
  beforeEach(() => server.requests.splice(0));

  const where = () => ({ authServerUrl: server.origin, authContextPath: 'auth', timeoutMs: 2000 });
  const credentials = () => ({ ...where(), appId: 'svc', appSecret: 'secret' });

  describe('HttpPublicKeySource (the one-key endpoint)', () => {
    it('asks the key endpoint and answers the envelope', async () => {
      const source = new HttpPublicKeySource(credentials());
      expect(source.endpoint).to.equal(`${server.origin}/auth/client/user/secret/key`);
      expect(keyEndpoint('https://a.example/', 'auth')).to.equal('https://a.example/auth/client/user/secret/key');
      server.answer = envelope(true, 'S0VZ');
      expect(await source.fetch()).to.deep.equal({ success: true, data: 'S0VZ' });
      expect(server.requests[0].url).to.equal('/auth/client/user/secret/key');
    });

    it('answers success false as is (any status below 500), with the key only when it is a string', async () => {
      const source = new HttpPublicKeySource(credentials());
      server.answer = envelope(false, null, 401);
      expect(await source.fetch()).to.deep.equal({ success: false, data: null });
      server.answer = envelope(false, 'text', 403);
      expect(await source.fetch()).to.deep.equal({ success: false, data: 'text' });
    });

    it('refuses what is not the envelope, success on a non-2xx status and success without a key', async () => {
      const source = new HttpPublicKeySource(credentials());
      const cases: [typeof server.answer, string][] = [
        [{ status: 200, body: 'not json' }, 'the key endpoint did not answer JSON (HTTP 200)'],
        [{ status: 404, body: 'null' }, 'the key endpoint did not answer the envelope (HTTP 404)'],
        [{ status: 200, body: '{"success":"yes","data":"k"}' }, 'the key endpoint did not answer the envelope (HTTP 200)'],
        [envelope(true, 'S0VZ', 404), 'the key endpoint answered success with HTTP 404'],
        [envelope(true, 'S0VZ', 302), 'the key endpoint answered a redirect (HTTP 302), which is not followed'],
        [envelope(true, 42), 'the key endpoint answered success without a key'],
      ];
      for (const [answer, message] of cases) {
        server.answer = answer;
        const error = await rejection(source.fetch());
        expect(error, message).to.be.instanceOf(KeyFetchError).with.property('message', message);
      }
      server.answer = envelope(true, 'S0VZ', 299);
      expect(await source.fetch()).to.deep.equal({ success: true, data: 'S0VZ' });
    });
  });

  describe('HttpJsonWebKeySetSource', () => {
    it('answers the objects of a served key set', async () => {
      const source = new HttpJsonWebKeySetSource(where());
      expect(source.endpoint).to.equal(`${server.origin}/auth/.well-known/jwks.json`);
      server.answer = { status: 200, body: JSON.stringify({ keys: [{ kty: 'RSA', kid: 'a' }, 'junk', null, 7, { kty: 'EC' }] }) };
      expect(await source.fetchKeySet()).to.deep.equal({ published: true, keys: [{ kty: 'RSA', kid: 'a' }, { kty: 'EC' }] });
      expect(server.requests[0].headers).to.not.have.property('authorization');
    });

    it('reads anything that is not a key set as "not published"', async () => {
      const source = new HttpJsonWebKeySetSource(where());
      for (const answer of [
        { status: 404, body: '{"keys":[]}' },
        { status: 503, body: '{"keys":[]}' },
        { status: 301, headers: { location: '/' } },
        { status: 200, body: 'not json' },
        { status: 200, body: 'null' },
        { status: 200, body: '{"keys":"no"}' },
      ]) {
        server.answer = answer;
        expect(await source.fetchKeySet(), JSON.stringify(answer)).to.deep.equal({ published: false });
      }
      server.answer = { status: 299, body: '{"keys":[]}' };
      expect(await source.fetchKeySet()).to.deep.equal({ published: true, keys: [] });
    });
  });

  describe('HttpIssuerSource', () => {
    it('reads the issuer of the discovery document', async () => {
      const source = new HttpIssuerSource(where());
      expect(source.endpoint).to.equal(`${server.origin}/auth/.well-known/openid-configuration`);
      server.answer = { status: 200, body: JSON.stringify({ issuer: 'https://auth.example' }) };
      expect(await source.fetchIssuer()).to.equal('https://auth.example');
    });

    it('answers null for anything else: other statuses, not JSON, no string issuer, an empty or over-long one', async () => {
      const source = new HttpIssuerSource(where());
      for (const answer of [
        { status: 404, body: '{"issuer":"https://a"}' },
        { status: 500 },
        { status: 200, body: 'not json' },
        { status: 200, body: 'null' },
        { status: 200, body: '{"issuer":7}' },
        { status: 200, body: '{"issuer":""}' },
        { status: 200, body: JSON.stringify({ issuer: `https://${'a'.repeat(2041)}` }) },
      ]) {
        server.answer = answer;
        expect(await source.fetchIssuer(), JSON.stringify(answer).slice(0, 60)).to.equal(null);
      }
      server.answer = { status: 299, body: JSON.stringify({ issuer: `https://${'a'.repeat(2040)}` }) };
      expect(await source.fetchIssuer()).to.have.length(2048);
    });
  });

  describe('HttpVerificationKeyListSource (hmac)', () => {
    const listed = [{ kid: 'h1', alg: 'HS256', key: 'c2VjcmV0' }];

    it('answers the listed keys', async () => {
      const source = new HttpVerificationKeyListSource(credentials());
      expect(source.endpoint).to.equal(`${server.origin}/auth/client/user/secret/keys`);
      server.answer = envelope(true, listed);
      expect(await source.fetchKeys()).to.deep.equal({ served: true, success: true, keys: listed });
      expect(server.requests[0].url).to.equal('/auth/client/user/secret/keys');
    });

    it('answers "not served" for 404 and success false as refused', async () => {
      const source = new HttpVerificationKeyListSource(credentials());
      server.answer = { status: 404, body: 'gone' };
      expect(await source.fetchKeys()).to.deep.equal({ served: false });
      server.answer = envelope(false, null, 401);
      expect(await source.fetchKeys()).to.deep.equal({ served: true, success: false, keys: [] });
    });

    it('refuses what is not the envelope, success on another status and entries that are not {kid, alg, key}', async () => {
      const source = new HttpVerificationKeyListSource(credentials());
      const cases: [typeof server.answer, string][] = [
        [{ status: 200, body: 'not json' }, 'the key list did not answer JSON (HTTP 200)'],
        [{ status: 200, body: 'null' }, 'the key list did not answer the envelope (HTTP 200)'],
        [{ status: 400, body: '{"success":1}' }, 'the key list did not answer the envelope (HTTP 400)'],
        [{ ...envelope(true, listed), status: 400 }, 'the key list answered success with HTTP 400'],
        [{ ...envelope(true, listed), status: 300 }, 'the key endpoint answered a redirect (HTTP 300), which is not followed'],
      ];
      const shapes = [null, 'x', [null], [{ kid: '', alg: 'HS256', key: 'k' }], [{ kid: 'a', alg: 1, key: 'k' }], [{ kid: 'a', alg: 'HS256' }], [{ alg: 'HS256', key: 'k' }]];
      for (const data of shapes) cases.push([envelope(true, data), 'the key list answered success without a list of {kid, alg, key}']);
      for (const [answer, message] of cases) {
        server.answer = answer;
        const error = await rejection(source.fetchKeys());
        expect(error, `${message} ${JSON.stringify(answer)}`).to.be.instanceOf(KeyFetchError).with.property('message', message);
      }
      server.answer = { ...envelope(true, listed), status: 299 };
      expect(await source.fetchKeys()).to.deep.include({ success: true });
    });
  });

  describe('HttpRevocationFeedSource', () => {
    const feed = (data: unknown, headers: Record<string, string> = {}) => ({ ...envelope(true, data), headers });

    it('answers the entries with the ETag, cursor and whether the list is full; sends the cursor and If-None-Match', async () => {
      const source = new HttpRevocationFeedSource(credentials());
      expect(source.endpoint).to.equal(`${server.origin}/auth/client/revocations`);
      server.answer = feed({ subjects: [{ subject: 'a', notBefore: 5, x: 1 }], tokens: [{ jti: 'j', expiresAt: 9, y: 2 }], cursor: 12, full: false }, { etag: 'W/"7"' });
      expect(await source.fetch('W/"6"', 11)).to.deep.equal({
        kind: 'entries',
        entries: { subjects: [{ subject: 'a', notBefore: 5 }], tokens: [{ jti: 'j', expiresAt: 9 }], clients: [] },
        cursor: 12,
        full: false,
        etag: 'W/"7"',
      });
      expect(server.requests[0].url).to.equal('/auth/client/revocations?since=11');
      expect(server.requests[0].headers).to.include({ 'if-none-match': 'W/"6"', accept: 'application/json' });
    });

    it('reads a feed without cursor or flag (an older service) as a full list, and sends neither cursor nor ETag when it has none', async () => {
      const source = new HttpRevocationFeedSource(credentials());
      server.answer = feed({ subjects: [], tokens: [] });
      expect(await source.fetch(null)).to.deep.equal({ kind: 'entries', entries: { subjects: [], tokens: [], clients: [] }, cursor: null, full: true, etag: null });
      expect(server.requests[0].url).to.equal('/auth/client/revocations');
      expect(server.requests[0].headers).to.not.have.property('if-none-match');
      server.answer = feed({ subjects: [], tokens: [], full: true, cursor: 0 });
      expect(await source.fetch(null, null)).to.include({ full: true, cursor: 0 });
    });

    it('answers 304 as unchanged, 404 as absent, 401 and 403 as refused with the status', async () => {
      const source = new HttpRevocationFeedSource(credentials());
      server.answer = { status: 304 };
      expect(await source.fetch('W/"1"')).to.deep.equal({ kind: 'unchanged' });
      server.answer = { status: 404, body: 'none' };
      expect(await source.fetch(null)).to.deep.equal({ kind: 'absent' });
      for (const status of [401, 403]) {
        server.answer = { status, body: 'no' };
        expect(await source.fetch(null)).to.deep.equal({ kind: 'refused', status });
      }
    });

    it('fails on any other status, without following a redirect', async () => {
      const source = new HttpRevocationFeedSource(credentials());
      for (const status of [500, 302, 201, 400]) {
        server.answer = { status, body: '{}', headers: { location: 'http://elsewhere.invalid/' } };
        const error = await rejection(source.fetch(null));
        expect(error, String(status)).to.be.instanceOf(KeyFetchError).with.property('message', `the revocation feed answered HTTP ${status}`);
      }
    });

    it('refuses a body announced larger than 32 MiB without reading it', async () => {
      const source = new HttpRevocationFeedSource(credentials());
      server.answer = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(32 * 1024 * 1024 + 1) });
        res.write('{');
        // A source that reads on (its limit broken) sees the connection drop instead of waiting for 32 MiB.
        setTimeout(() => res.destroy(), 1000).unref();
      };
      const error = await rejection(source.fetch(null));
      expect(error).to.be.instanceOf(KeyFetchError).with.property('message', 'the revocation feed answered more than 33554432 bytes');
    });

    it('refuses malformed answers (the old entries stay with the caller)', async () => {
      const source = new HttpRevocationFeedSource(credentials());
      const cases: [unknown, string][] = [
        [undefined, 'the revocation feed answered no entries'],
        [{ subjects: [] }, 'the revocation feed answered no entries'],
        [{ tokens: [] }, 'the revocation feed answered no entries'],
        [{ subjects: [], tokens: [], clients: 'x' }, 'the revocation feed answered no entries'],
        [{ subjects: [{ subject: 1, notBefore: 1 }], tokens: [] }, 'the revocation feed answered malformed entries'],
        [{ subjects: [{ subject: 'a', notBefore: '1' }], tokens: [] }, 'the revocation feed answered malformed entries'],
        [{ subjects: [null], tokens: [] }, 'the revocation feed answered malformed entries'],
        [{ subjects: [], tokens: [{ jti: 1, expiresAt: 1 }] }, 'the revocation feed answered malformed entries'],
        [{ subjects: [], tokens: [{ jti: 'j', expiresAt: '1' }] }, 'the revocation feed answered malformed entries'],
        [{ subjects: [], tokens: [], cursor: 1.5 }, 'the revocation feed answered a malformed cursor'],
        [{ subjects: [], tokens: [], cursor: '3' }, 'the revocation feed answered a malformed cursor'],
        [{ subjects: [], tokens: [], full: 'no' }, 'the revocation feed answered a malformed cursor'],
      ];
      for (const [data, message] of cases) {
        server.answer = feed(data);
        const error = await rejection(source.fetch(null));
        expect(error, JSON.stringify(data)).to.be.instanceOf(KeyFetchError).with.property('message', message);
      }
      server.answer = { status: 200, body: 'not json' };
      expect((await rejection(source.fetch(null))).message).to.equal('the revocation feed did not answer JSON');
      server.answer = { status: 200, body: 'null' };
      expect((await rejection(source.fetch(null))).message).to.equal('the revocation feed answered no entries');
    });

    it('says it timed out, or that the feed is unreachable, without the secret', async () => {
      server.answer = { hang: true };
      const slow = new HttpRevocationFeedSource({ ...credentials(), timeoutMs: 50 });
      expect((await rejection(slow.fetch(null))).message).to.equal('the revocation feed did not answer within 50 ms');
      const closed = new HttpRevocationFeedSource({ ...credentials(), authServerUrl: 'http://127.0.0.1:1' });
      const error = await rejection(closed.fetch(null));
      expect(error).to.be.instanceOf(KeyFetchError).with.property('message', 'the revocation feed is unreachable');
    });
  });
});
