import { expect } from 'chai';
import { LOGOUT_TOKEN_SECONDS, LogoutTokenIssuer } from '../../../../src/application/tokens/LogoutTokenIssuer';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import { FixedClock } from '../../../support/FixedClock';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';

const NOW = '2026-01-01T00:00:00.900Z';
const IAT = Math.floor(Date.parse(NOW) / 1000);
const RSA_KEY = { kid: 'k1', method: 'rsa' as const, alg: 'RS256', privateKey: 'p', publicKey: 'q', createdAt: new Date(0) };
const HMAC_KEY = { kid: 'h1', method: 'hmac' as const, alg: 'HS256', privateKey: 's', publicKey: 's', createdAt: new Date(0) };
const EVENT = 'http://schemas.openid.net/event/backchannel-logout';

describe('LogoutTokenIssuer: Back-Channel Logout tokens', () => {
  let signer: RecordingTokenSigner;
  let ring: KeyRing;
  let issuer: LogoutTokenIssuer;

  beforeEach(() => {
    signer = new RecordingTokenSigner();
    ring = new KeyRing();
    ring.activate(RSA_KEY);
    issuer = new LogoutTokenIssuer(signer, ring, new FixedClock(NOW), new SequenceIdGenerator(), { issuer: 'https://auth.example' });
  });

  it('iss, aud (the client), iat, exp two minutes on, a fresh jti, the logout event, sub and sid; typ logout+jwt with the active key', async () => {
    expect(await issuer.issue({ clientId: 'web', subject: '7', sid: 's-1' })).to.equal('token-1');
    expect(signer.signed[0].type).to.equal('logout+jwt');
    expect(signer.signed[0].key).to.equal(RSA_KEY);
    expect(signer.signed[0].claims).to.deep.equal({ iss: 'https://auth.example', aud: 'web', iat: IAT, exp: IAT + 120, jti: 'id-1', events: { [EVENT]: {} }, sub: '7', sid: 's-1' });
    expect(LOGOUT_TOKEN_SECONDS).to.equal(120);
    await issuer.issue({ clientId: 'web', subject: '7', sid: 's-1' });
    expect(signer.signed[1].claims.jti).to.equal('id-2');
  });

  it('no sid when the user as a whole was signed out, and never a nonce', async () => {
    await issuer.issue({ clientId: 'web', subject: '7', sid: null });
    expect(signer.signed[0].claims).to.not.have.property('sid');
    expect(signer.signed[0].claims).to.not.have.property('nonce');
    expect(signer.signed[0].claims).to.include({ sub: '7', aud: 'web' });
  });

  it('makes none under an HMAC key (its secret proves nothing to a client)', async () => {
    ring.activate(HMAC_KEY);
    expect(await issuer.issue({ clientId: 'web', subject: '7', sid: 's-1' })).to.equal(null);
    expect(signer.signed).to.have.length(0);
  });
});
