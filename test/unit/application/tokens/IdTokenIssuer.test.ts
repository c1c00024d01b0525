import { expect } from 'chai';
import { IdTokenIssuer } from '../../../../src/application/tokens/IdTokenIssuer';
import { InvalidScopeError } from '../../../../src/domain/grantErrors';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import { FakeAccessTokenHasher } from '../../../support/FakeAccessTokenHasher';
import { FixedClock } from '../../../support/FixedClock';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';

const NOW = '2026-01-01T00:00:00.900Z';
const IAT = Math.floor(Date.parse(NOW) / 1000);
const RSA_KEY = { kid: 'k1', method: 'rsa' as const, alg: 'PS384', privateKey: 'p', publicKey: 'q', createdAt: new Date(0) };
const HMAC_KEY = { kid: 'h1', method: 'hmac' as const, alg: 'HS256', privateKey: 's', publicKey: 's', createdAt: new Date(0) };

describe('IdTokenIssuer: OpenID Connect ID tokens beside the access token', () => {
  let signer: RecordingTokenSigner;
  let ring: KeyRing;
  let issuer: IdTokenIssuer;

  beforeEach(() => {
    signer = new RecordingTokenSigner();
    ring = new KeyRing();
    ring.activate(RSA_KEY);
    issuer = new IdTokenIssuer(signer, ring, new FixedClock(NOW), new FakeAccessTokenHasher(), { issuer: 'https://auth.example', ttlSeconds: 900 });
  });

  it('acr and amr of the sign-in when the request names what it proved', async () => {
    await issuer.issue({ subject: '7', clientId: 'web', authTime: IAT, authentication: { acr: 'urn:auth-service:acr:mfa', amr: ['pwd', 'otp', 'mfa'] }, accessToken: 'at-9' });
    expect(signer.signed[0].claims).to.include({ acr: 'urn:auth-service:acr:mfa' });
    expect((signer.signed[0].claims as unknown as { amr: string[] }).amr).to.deep.equal(['pwd', 'otp', 'mfa']);
  });

  it('iss, sub, aud (the client id alone), exp, iat, auth_time, nonce and at_hash by the key alg; typ JWT with the active key', async () => {
    const token = await issuer.issue({ subject: '7', clientId: 'web', authTime: IAT - 60, nonce: 'n-0S6', accessToken: 'at-1' });
    expect(token).to.equal('token-1');
    expect(signer.signed).to.have.length(1);
    expect(signer.signed[0].type).to.equal('JWT');
    expect(signer.signed[0].key).to.equal(RSA_KEY);
    expect(signer.signed[0].claims).to.deep.equal({
      iss: 'https://auth.example', sub: '7', aud: 'web', exp: IAT + 900, iat: IAT, auth_time: IAT - 60, nonce: 'n-0S6', acr: 'urn:auth-service:acr:password', amr: ['pwd'], at_hash: 'half(PS384:at-1)',
    });
    // The claims' order is the token's: the required ones first.
    expect(Object.keys(signer.signed[0].claims)).to.deep.equal(['iss', 'sub', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'acr', 'amr', 'at_hash']);
  });

  it('sid when the request names the sign-in session, after nonce; none otherwise', async () => {
    await issuer.issue({ subject: '7', clientId: 'web', authTime: IAT - 60, nonce: 'n', sid: 'sid-1', accessToken: 'at-1' });
    expect(Object.keys(signer.signed[0].claims)).to.deep.equal(['iss', 'sub', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'sid', 'acr', 'amr', 'at_hash']);
    expect(signer.signed[0].claims).to.include({ sid: 'sid-1' });
  });

  it('no nonce when the request had none (a refresh), no auth_time when the sign-in time is not known (0)', async () => {
    await issuer.issue({ subject: '7', clientId: 'web', authTime: 0, accessToken: 'at-2' });
    await issuer.issue({ subject: '7', clientId: 'web', authTime: 1, accessToken: 'at-3' });
    expect(signer.signed[0].claims).to.deep.equal({ iss: 'https://auth.example', sub: '7', aud: 'web', exp: IAT + 900, iat: IAT, acr: 'urn:auth-service:acr:password', amr: ['pwd'], at_hash: 'half(PS384:at-2)' });
    expect(signer.signed[1].claims).to.deep.include({ auth_time: 1 });
  });

  it('reads the issuer per token (it is settled at start-up, after the issuer is built)', async () => {
    let settled = 'https://first.example';
    const late = new IdTokenIssuer(signer, ring, new FixedClock(NOW), new FakeAccessTokenHasher(), {
      get issuer() {
        return settled;
      },
      ttlSeconds: 60,
    });
    settled = 'https://settled.example';
    await late.issue({ subject: '7', clientId: 'web', authTime: 0, accessToken: 'at' });
    expect(signer.signed[0].claims).to.deep.include({ iss: 'https://settled.example', exp: IAT + 60 });
  });

  it('refuses under an HMAC key: invalid_scope for openid, with the reason, and signs nothing', async () => {
    ring.activate(HMAC_KEY);
    const failure = await issuer.issue({ subject: '7', clientId: 'web', authTime: 0, accessToken: 'at' }).catch((error: unknown) => error);
    expect(failure).to.be.instanceOf(InvalidScopeError);
    expect(failure).to.include({ code: 'INVALID_SCOPE', scope: 'openid', message: 'openid needs an asymmetric signing key: AUTH_SIGN_METHOD rsa or ecdsa' });
    expect(signer.signed).to.deep.equal([]);
  });
});
