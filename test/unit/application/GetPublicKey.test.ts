import { expect } from 'chai';
import { GetPublicKey } from '../../../src/application/GetPublicKey';
import { ClientUnauthorizedError, KeyDistributionForbiddenError } from '../../../src/domain/errors';
import { KeyRing } from '../../../src/domain/model/KeyRing';
import type { SignMethod } from '../../../src/domain/model/SignMethod';
import { StaticClientRegistry } from '../../../src/infrastructure/auth/StaticClientRegistry';

function ringWith(method: SignMethod, alg: string): KeyRing {
  const ring = new KeyRing();
  ring.activate({ kid: 'k', method, alg, privateKey: `${method}-private`, publicKey: `${method}-public`, createdAt: new Date(0) });
  return ring;
}

const NO_CLIENTS = new StaticClientRegistry([]);
const CLIENTS = new StaticClientRegistry([
  { appId: 'orders', appSecret: 's3cret' },
  { appId: 'billing', appSecret: 'other' },
]);

describe('GetPublicKey', () => {
  for (const [method, alg] of [
    ['rsa', 'RS256'],
    ['ecdsa', 'ES256'],
  ] as const) {
    it(`${method}: with no registered clients any credentials get the public key`, () => {
      const use = new GetPublicKey(ringWith(method, alg), NO_CLIENTS);
      expect(use.execute({ appId: 'anything', appSecret: 'whatever' })).to.equal(`${method}-public`);
      expect(use.execute({ appId: 'orders', appSecret: 's3cret' })).to.equal(`${method}-public`);
    });

    it(`${method}: with registered clients only a registered pair gets the key`, () => {
      const use = new GetPublicKey(ringWith(method, alg), CLIENTS);
      expect(use.execute({ appId: 'orders', appSecret: 's3cret' })).to.equal(`${method}-public`);
      expect(use.execute({ appId: 'billing', appSecret: 'other' })).to.equal(`${method}-public`);
      expect(() => use.execute({ appId: 'orders', appSecret: 'wrong' })).to.throw(ClientUnauthorizedError);
      expect(() => use.execute({ appId: 'orders', appSecret: 'other' })).to.throw(ClientUnauthorizedError);
      expect(() => use.execute({ appId: 'nobody', appSecret: 's3cret' })).to.throw(ClientUnauthorizedError);
    });
  }

  it('hmac: with no registered clients the secret goes to nobody', () => {
    const use = new GetPublicKey(ringWith('hmac', 'HS256'), NO_CLIENTS);
    expect(() => use.execute({ appId: 'anything', appSecret: 'whatever' }))
      .to.throw(KeyDistributionForbiddenError)
      .with.property('code', 'KEY_DISTRIBUTION_FORBIDDEN');
  });

  it('hmac: a registered client gets the secret, anyone else is unauthorized', () => {
    const use = new GetPublicKey(ringWith('hmac', 'HS256'), CLIENTS);
    expect(use.execute({ appId: 'orders', appSecret: 's3cret' })).to.equal('hmac-public');
    expect(() => use.execute({ appId: 'orders', appSecret: 'nope' }))
      .to.throw(ClientUnauthorizedError)
      .with.property('code', 'CLIENT_UNAUTHORIZED');
  });

  it('fails with KeyUnavailableError while no key is loaded', () => {
    const use = new GetPublicKey(new KeyRing(), NO_CLIENTS);
    expect(() => use.execute({ appId: 'a', appSecret: 'b' })).to.throw().with.property('code', 'KEY_UNAVAILABLE');
  });
});
