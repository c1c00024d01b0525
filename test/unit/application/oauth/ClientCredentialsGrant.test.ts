import { expect } from 'chai';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { ClientCredentialsGrant } from '../../../../src/application/oauth/ClientCredentialsGrant';
import { ClientUnauthorizedError } from '../../../../src/domain/errors';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import { FixedClock } from '../../../support/FixedClock';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { authenticatedClient } from '../../../support/oauthClients';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

const KEY: SigningKeyPair = { kid: 'k1', method: 'rsa', alg: 'RS256', privateKey: 'private', publicKey: 'public', createdAt: new Date('2025-01-01T00:00:00Z') };
const POLICY = { issuer: 'http://localhost:8001/auth', ttlSeconds: 600 };
const NOW_SECONDS = 1767225600;

describe('ClientCredentialsGrant (RFC 6749 §4.4)', () => {
  let signer: RecordingTokenSigner;
  let use: ClientCredentialsGrant;
  let trail: RecordingAuditTrail;

  beforeEach(() => {
    const ring = new KeyRing();
    ring.activate(KEY);
    signer = new RecordingTokenSigner();
    trail = new RecordingAuditTrail();
    use = new ClientCredentialsGrant(new AccessTokenIssuer(signer, ring, new FixedClock('2026-01-01T00:00:00Z'), new SequenceIdGenerator(), POLICY), trail);
  });

  it('signs a token of the client that proved its secret: sub and client_id its id, no user claims, the active key, no refresh token', async () => {
    const result = await use.execute(authenticatedClient('svc', true), {});
    expect(result).to.deep.equal({ accessToken: 'token-1', expiresInSeconds: 600, scopes: [] });
    expect(signer.signed[0].key).to.equal(KEY);
    expect(signer.signed[0].claims).to.deep.equal({ sub: 'svc', client_id: 'svc', iss: POLICY.issuer, iat: NOW_SECONDS, exp: NOW_SECONDS + 600, jti: 'id-1', aud: 'svc' });
    expect(signer.signed[0].type).to.equal('at+jwt');
  });

  it('binds the token to the DPoP key the request proved (cnf.jkt)', async () => {
    await use.execute(authenticatedClient('svc', true), {}, 'key-1');
    expect(signer.signed[0].claims).to.deep.include({ cnf: { jkt: 'key-1' } });
  });

  it('refuses a request that names no client, and a public client (it has no secret to prove), signing nothing', async () => {
    for (const client of [null, authenticatedClient('spa', false)]) {
      const error = await use.execute(client, {}).catch((caught: unknown) => caught);
      expect(error, JSON.stringify(client)).to.be.instanceOf(ClientUnauthorizedError);
    }
    expect(signer.signed).to.deep.equal([]);
    expect(trail.events).to.deep.equal([]);
  });

  it('records the token issued: grant, client and scopes, never the token', async () => {
    await use.execute(authenticatedClient('svc', true, { scopes: ['orders:read', 'orders:write'] }), { scopes: ['orders:read'] });
    expect(trail.events).to.deep.equal([
      { type: 'token.issued', outcome: 'success', client: 'svc', details: { grant: 'client_credentials', scopes: ['orders:read'] } },
    ]);
  });
});
