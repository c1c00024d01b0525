import { expect } from 'chai';
import { TokenInvalidError, UnknownKeyIdError, type AccessTokenClaims, type AccessTokenVerifier } from '@auth-service/client';
import { KeyReloadingAccessTokenVerifier } from '../../../../src/application/keys/KeyReloadingAccessTokenVerifier';

const CLAIMS: AccessTokenClaims = { sub: 'orders', client_id: 'orders', iss: 'https://auth.example', iat: 1, exp: 2, jti: 'j' };

/** Refuses the kid until the keys have been reloaded `known` times (never when known is false). */
function verifierAndKeys(knownAfterReload: boolean) {
  const reloaded: string[] = [];
  let held = false;
  const verifier: AccessTokenVerifier & { calls: number } = {
    calls: 0,
    verifyAccessToken(token: string) {
      this.calls++;
      if (token !== 'new-kid-token') throw new TokenInvalidError('token rejected');
      if (!held) throw new UnknownKeyIdError('new-kid');
      return CLAIMS;
    },
  };
  const keys = {
    refreshForUnknownKid: async (kid: string) => {
      reloaded.push(kid);
      held = knownAfterReload;
      return knownAfterReload;
    },
  };
  return { verifier, keys, reloaded };
}

describe('KeyReloadingAccessTokenVerifier', () => {
  it("answers synchronously for a token of a key it holds, reloading nothing", () => {
    const reloaded: string[] = [];
    const inner: AccessTokenVerifier = { verifyAccessToken: () => CLAIMS };
    const claims = new KeyReloadingAccessTokenVerifier(inner, { refreshForUnknownKid: async (kid) => (reloaded.push(kid), true) }).verifyAccessToken('t');
    expect(claims).to.equal(CLAIMS);
    expect(reloaded).to.deep.equal([]);
  });

  it("verifies a token of another instance's new key after reloading the keys for its kid", async () => {
    const { verifier, keys, reloaded } = verifierAndKeys(true);
    const claims = await new KeyReloadingAccessTokenVerifier(verifier, keys).verifyAccessToken('new-kid-token');
    expect(claims).to.equal(CLAIMS);
    expect(reloaded).to.deep.equal(['new-kid']);
    expect(verifier.calls).to.equal(2);
  });

  it('keeps refusing a kid the reload did not bring, with the unknown-kid error, without a second check', async () => {
    const { verifier, keys } = verifierAndKeys(false);
    let refusal: unknown;
    await Promise.resolve(new KeyReloadingAccessTokenVerifier(verifier, keys).verifyAccessToken('new-kid-token')).catch((error: unknown) => (refusal = error));
    expect(refusal).to.be.instanceOf(UnknownKeyIdError);
    expect(verifier.calls).to.equal(1);
  });

  it('lets every other refusal through at once, reloading nothing', () => {
    const { verifier, keys, reloaded } = verifierAndKeys(true);
    expect(() => new KeyReloadingAccessTokenVerifier(verifier, keys).verifyAccessToken('forged')).to.throw(TokenInvalidError);
    expect(reloaded).to.deep.equal([]);
  });
});
