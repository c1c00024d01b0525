import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { ALGORITHMS_BY_METHOD, KeyFetchError, KeyMaterialInvalidError, type SignMethod } from '../../../src/index';
import { NodeVerificationKeyReader } from '../../../src/infrastructure/crypto/NodeVerificationKeyReader';
import { ParsedKeyCache } from '../../../src/infrastructure/crypto/ParsedKeyCache';
import { VerificationKeyFetcher, type VerificationKeyOrigins } from '../../../src/application/VerificationKeyFetcher';
import { VerificationKeySet } from '../../../src/application/VerificationKeySet';
import { FakeKeyListSource, FakeKeySetSource } from '../../support/FakeKeySources';
import { FakePublicKeySource } from '../../support/FakePublicKeySource';
import { signingKey } from '../../support/testKeys';

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('VerificationKeyFetcher: JWKS first, then the hmac key list, then the one-key endpoint', () => {
  const rsa = signingKey('rsa');
  const rsa2 = signingKey('rsa');
  const ec = signingKey('ec');
  const jwkOf = (pair: typeof rsa, extra: Record<string, unknown> = {}) => ({ ...pair.publicKeyObject.export({ format: 'jwk' }), kid: pair.kid, alg: pair.alg, use: 'sig', ...extra });
  let seed: FakePublicKeySource;
  let keySets: FakeKeySetSource;
  let keyLists: FakeKeyListSource;

  const fetcher = (method: SignMethod, origins: Partial<VerificationKeyOrigins> = {}) =>
    new VerificationKeyFetcher({ seed, keySets, keyLists, ...origins }, new NodeVerificationKeyReader(new ParsedKeyCache()), method, ALGORITHMS_BY_METHOD[method]);

  beforeEach(() => {
    seed = new FakePublicKeySource();
    seed.answer(true, rsa.publicKey);
    keySets = new FakeKeySetSource();
    keyLists = new FakeKeyListSource();
  });

  describe('the published key set (rsa, ecdsa)', () => {
    it('holds every usable key of the set by its published kid, without asking the one-key endpoint', async () => {
      keySets.response = { published: true, keys: [jwkOf(rsa), jwkOf(rsa2)] };
      const set = await fetcher('rsa').fetch(VerificationKeySet.EMPTY);
      expect(set).to.be.instanceOf(VerificationKeySet);
      const keys = set as VerificationKeySet;
      expect({ origin: keys.origin, kids: keys.kids() }).to.deep.equal({ origin: 'jwks', kids: [rsa.kid, rsa2.kid] });
      expect(keys.keyFor(rsa.kid)?.algorithms).to.deep.equal(['RS256']);
      expect(seed.calls).to.equal(0);
    });

    it('skips keys of another type in the set, and falls back to the one-key endpoint when none is usable', async () => {
      keySets.response = { published: true, keys: [jwkOf(ec), jwkOf(rsa)] };
      const mixed = (await fetcher('rsa').fetch(VerificationKeySet.EMPTY)) as VerificationKeySet;
      expect(mixed.kids()).to.deep.equal([rsa.kid]);

      keySets.response = { published: true, keys: [jwkOf(ec)] };
      const fallback = (await fetcher('rsa').fetch(VerificationKeySet.EMPTY)) as VerificationKeySet;
      expect({ origin: fallback.origin, kids: fallback.kids() }).to.deep.equal({ origin: 'key', kids: [rsa.kid] });
      expect(seed.calls).to.equal(1);
    });

    it('falls back to the one-key endpoint when no set is published or the client does not follow it', async () => {
      const unpublished = (await fetcher('rsa').fetch(VerificationKeySet.EMPTY)) as VerificationKeySet;
      expect(unpublished.origin).to.equal('key');
      const notFollowed = (await fetcher('rsa', { keySets: undefined }).fetch(VerificationKeySet.EMPTY)) as VerificationKeySet;
      expect(notFollowed.origin).to.equal('key');
      expect(keySets.calls).to.equal(1);
    });

    it('lets an error other than an unusable key through (the set is not silently skipped)', async () => {
      keySets.error = new KeyFetchError('the key endpoint is unreachable');
      expect(await rejection(fetcher('rsa').fetch(VerificationKeySet.EMPTY))).to.equal(keySets.error);
      const broken = new VerificationKeyFetcher(
        { seed, keySets: new FakeKeySetSource({ published: true, keys: [jwkOf(rsa)] }) },
        { read: () => { throw new Error('unused'); }, readJwk: () => { throw new RangeError('reader bug'); } },
        'rsa',
        ['RS256'],
      );
      expect(await rejection(broken.fetch(VerificationKeySet.EMPTY))).to.be.instanceOf(RangeError);
    });

    it('answers the same set without reading it again when the served set is unchanged', async () => {
      keySets.response = { published: true, keys: [jwkOf(rsa)] };
      let reads = 0;
      const reader = new NodeVerificationKeyReader(new ParsedKeyCache());
      const counting = new VerificationKeyFetcher(
        { seed, keySets },
        { read: reader.read.bind(reader), readJwk: (...args) => (reads++, reader.readJwk(...args)) },
        'rsa',
        ['RS256'],
      );
      const first = (await counting.fetch(VerificationKeySet.EMPTY)) as VerificationKeySet;
      expect(await counting.fetch(first)).to.equal(first);
      expect(reads).to.equal(1);
      keySets.response = { published: true, keys: [jwkOf(rsa), jwkOf(rsa2)] };
      const second = (await counting.fetch(first)) as VerificationKeySet;
      expect(second.kids()).to.deep.equal([rsa.kid, rsa2.kid]);
      expect(reads).to.equal(3);
    });

    it('reads an unchanged set again when the keys held came from elsewhere', async () => {
      keySets.response = { published: true, keys: [jwkOf(rsa)] };
      const fetch = fetcher('rsa');
      await fetch.fetch(VerificationKeySet.EMPTY);
      const seeded = VerificationKeySet.EMPTY.withSeedKey(new NodeVerificationKeyReader(new ParsedKeyCache()).read(rsa2.publicKey, 'rsa', ['RS256']));
      const again = (await fetch.fetch(seeded)) as VerificationKeySet;
      expect({ origin: again.origin, kids: again.kids() }).to.deep.equal({ origin: 'jwks', kids: [rsa.kid] });
    });

    it('refuses a published set for an hmac client: the auth service signs with public keys', async () => {
      keySets.response = { published: true, keys: [jwkOf(rsa), jwkOf(ec), jwkOf(rsa2)] };
      const error = await rejection(fetcher('hmac').fetch(VerificationKeySet.EMPTY));
      expect(error).to.be.instanceOf(KeyMaterialInvalidError);
      expect(error.message).to.equal('the auth service publishes public keys (RSA, EC): it does not sign with hmac (check AUTH_SIGN_METHOD)');
    });

    it('lets an hmac client go on to its key list when the published set is empty', async () => {
      const secret = randomBytes(32).toString('base64');
      keySets.response = { published: true, keys: [] };
      keyLists.response = { served: true, success: true, keys: [{ kid: 'h1', alg: 'HS256', key: secret }] };
      const set = (await fetcher('hmac').fetch(VerificationKeySet.EMPTY)) as VerificationKeySet;
      expect({ origin: set.origin, kids: set.kids() }).to.deep.equal({ origin: 'list', kids: ['h1'] });
    });
  });

  describe('the key list (hmac)', () => {
    const secret1 = randomBytes(32).toString('base64');
    const secret2 = randomBytes(32).toString('base64');

    it('holds every listed secret by kid, the first one for tokens without kid, each pinned to its alg', async () => {
      keyLists.response = { served: true, success: true, keys: [{ kid: 'new', alg: 'HS512', key: secret1 }, { kid: 'old', alg: 'HS256', key: secret2 }] };
      const set = (await fetcher('hmac').fetch(VerificationKeySet.EMPTY)) as VerificationKeySet;
      expect({ origin: set.origin, kids: set.kids(), primary: set.primary?.kid }).to.deep.equal({ origin: 'list', kids: ['new', 'old'], primary: 'new' });
      expect(set.keyFor('new')?.algorithms).to.deep.equal(['HS512']);
      expect(set.keyFor('old')?.algorithms).to.deep.equal(['HS256']);
    });

    it('is asked only by hmac clients', async () => {
      keyLists.response = { served: true, success: true, keys: [{ kid: 'h', alg: 'HS256', key: secret1 }] };
      const set = (await fetcher('rsa').fetch(VerificationKeySet.EMPTY)) as VerificationKeySet;
      expect(set.origin).to.equal('key');
      expect(keyLists.calls).to.equal(0);
    });

    it('answers refused for success false, and falls back to the one-key endpoint when the list is not served', async () => {
      keyLists.response = { served: true, success: false, keys: [] };
      expect(await fetcher('hmac').fetch(VerificationKeySet.EMPTY)).to.equal('refused');
      expect(seed.calls).to.equal(0);
      keyLists.response = { served: false };
      seed.answer(true, secret1);
      const set = (await fetcher('hmac').fetch(VerificationKeySet.EMPTY)) as VerificationKeySet;
      expect(set.origin).to.equal('key');
      expect(await fetcher('hmac', { keyLists: undefined }).fetch(VerificationKeySet.EMPTY)).to.have.property('origin', 'key');
    });

    it('treats success without a key as a failed fetch', async () => {
      keyLists.response = { served: true, success: true, keys: [] };
      const error = await rejection(fetcher('hmac').fetch(VerificationKeySet.EMPTY));
      expect(error).to.be.instanceOf(KeyFetchError).with.property('message', 'the key list answered success without a key');
    });

    it('refuses the whole list when one entry is a public key (key confusion, not a mixed set)', async () => {
      keyLists.response = { served: true, success: true, keys: [{ kid: 'h', alg: 'HS256', key: secret1 }, { kid: 'r', alg: 'HS256', key: rsa.publicKey }] };
      expect(await rejection(fetcher('hmac').fetch(VerificationKeySet.EMPTY))).to.be.instanceOf(KeyMaterialInvalidError);
    });

    it('answers the held set when the list is unchanged, and reads it again after a change', async () => {
      keyLists.response = { served: true, success: true, keys: [{ kid: 'h', alg: 'HS256', key: secret1 }] };
      const fetch = fetcher('hmac');
      const first = (await fetch.fetch(VerificationKeySet.EMPTY)) as VerificationKeySet;
      expect(await fetch.fetch(first)).to.equal(first);
      keyLists.response = { served: true, success: true, keys: [{ kid: 'h2', alg: 'HS256', key: secret2 }] };
      expect(((await fetch.fetch(first)) as VerificationKeySet).kids()).to.deep.equal(['h2']);
    });
  });

  describe('the one-key endpoint', () => {
    it('answers refused for success false', async () => {
      seed.answer(false, null);
      expect(await fetcher('rsa').fetch(VerificationKeySet.EMPTY)).to.equal('refused');
    });

    it('treats success with an empty, blank or missing key as a failed fetch', async () => {
      for (const data of ['', '   ', null]) {
        seed.answer(true, data);
        const error = await rejection(fetcher('rsa').fetch(VerificationKeySet.EMPTY));
        expect(error, String(data)).to.be.instanceOf(KeyFetchError).with.property('message', 'the key endpoint answered success without a key');
      }
    });

    it('keeps the held set for the same key text, without parsing it again', async () => {
      const fetch = fetcher('rsa');
      const first = (await fetch.fetch(VerificationKeySet.EMPTY)) as VerificationKeySet;
      expect(await fetch.fetch(first)).to.equal(first);
      seed.answer(true, rsa2.publicKey);
      expect(((await fetch.fetch(first)) as VerificationKeySet).kids()).to.deep.equal([rsa2.kid]);
    });

    it('refuses key text that cannot verify the method’s tokens', async () => {
      seed.answer(true, ec.publicKey);
      expect(await rejection(fetcher('rsa').fetch(VerificationKeySet.EMPTY))).to.be.instanceOf(KeyMaterialInvalidError);
    });
  });
});
