import { expect } from 'chai';
import { UserAccessTokens } from '../../../../src/application/oauth/UserAccessTokens';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import { FixedClock } from '../../../support/FixedClock';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';

const KEY: SigningKeyPair = { kid: 'k1', method: 'rsa', alg: 'RS256', privateKey: 'private', publicKey: 'public', createdAt: new Date('2025-01-01T00:00:00Z') };
const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: 't1', telephone: null, avatar: null, grade: null };
const NOW = 1767225600;

describe("UserAccessTokens (a user's access token for the OAuth grants)", () => {
  let signer: RecordingTokenSigner;
  let tokens: UserAccessTokens;

  beforeEach(() => {
    const ring = new KeyRing();
    ring.activate(KEY);
    signer = new RecordingTokenSigner();
    // Mid-second: iat is the whole second the token was signed in.
    tokens = new UserAccessTokens(signer, ring, new FixedClock('2026-01-01T00:00:00.900Z'), new SequenceIdGenerator(), { issuer: 'https://auth.example', ttlSeconds: 300 });
  });

  it('signs the user claims with the active key, the OAuth lifetime and the client it is issued to, and answers token, jti, expiry and owner (subject, iat: what the per-user revocation cap folds by)', async () => {
    const issued = await tokens.issue(USER, 'svc');
    expect(issued).to.deep.equal({ token: 'token-1', jti: 'id-1', expiresAt: NOW + 300, subject: '7', issuedAt: NOW });
    expect(signer.signed[0].key).to.equal(KEY);
    expect(signer.signed[0].claims).to.deep.equal({
      account: 'alice',
      nickName: 'Alice',
      userId: '7',
      userType: MEMBER_USER_TYPE,
      tenantId: 't1',
      sub: '7',
      iss: 'https://auth.example',
      iat: NOW,
      exp: NOW + 300,
      jti: 'id-1',
      client_id: 'svc',
    });
  });

  it('names no client_id for a grant without a client, and gives every token its own jti', async () => {
    const first = await tokens.issue(USER, null);
    const second = await tokens.issue(USER, null);
    expect(signer.signed[0].claims).not.to.have.property('client_id');
    expect([first.jti, second.jti]).to.deep.equal(['id-1', 'id-2']);
  });

  it('tells the token endpoint its lifetime for expires_in', () => {
    expect(tokens.ttlSeconds).to.equal(300);
  });
});
