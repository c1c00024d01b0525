import { expect } from 'chai';
import { refreshTokenFinder } from '../../../support/refreshTokenFinder';
import { IdTokenIssuer } from '../../../../src/application/tokens/IdTokenIssuer';
import { FakeAccessTokenHasher } from '../../../support/FakeAccessTokenHasher';
import { NO_PARTICULAR_ACCESS } from '../../../../src/domain/model/GrantedAccess';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { GrantOwners } from '../../../../src/application/oauth/GrantOwners';
import { RefreshAccessToken, type RefreshAccessTokenInput } from '../../../../src/application/oauth/RefreshAccessToken';
import { RefreshTokenFamilies } from '../../../../src/application/oauth/RefreshTokenFamilies';
import { RevokeIssuedAccessTokens } from '../../../../src/application/revocation/RevokeIssuedAccessTokens';
import { ClientUnauthorizedError } from '../../../../src/domain/errors';
import { InvalidGrantError } from '../../../../src/domain/grantErrors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryRefreshTokenStore } from '../../../support/InMemoryRefreshTokenStore';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';
import { SetActiveUsers } from '../../../support/SetActiveUsers';
import { authenticatedClient } from '../../../support/oauthClients';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const NOW = 1767225600;
/** Clients as the token endpoint authenticated them (AuthenticateClient: its own tests cover how). */
const SPA = authenticatedClient('spa', false);
const OTHER_SPA = authenticatedClient('other-spa', false);
const WEB = authenticatedClient('web', true);

describe('RefreshAccessToken: which client may present a refresh token', () => {
  let store: InMemoryRefreshTokenStore;
  let revocations: InMemoryRevocationStore;
  let signer: RecordingTokenSigner;
  let families: RefreshTokenFamilies;
  let accessTokens: AccessTokenIssuer;
  let use: RefreshAccessToken;

  beforeEach(() => {
    const clock = new FixedClock('2026-01-01T00:00:00Z');
    store = new InMemoryRefreshTokenStore();
    revocations = new InMemoryRevocationStore();
    signer = new RecordingTokenSigner();
    const ring = new KeyRing();
    ring.activate({ kid: 'k1', method: 'rsa', alg: 'RS256', privateKey: 'p', publicKey: 'q', createdAt: new Date(0) });
    const ids = new SequenceIdGenerator();
    const revokeIssued = new RevokeIssuedAccessTokens(revocations, clock, { maxTokenLifetimeSeconds: 600, clockToleranceSeconds: 30 });
    families = new RefreshTokenFamilies(store, new SequenceSecretGenerator('refresh'), ids, clock, { absoluteSeconds: 10_000, idleSeconds: 1_000 }, revokeIssued);
    accessTokens = new AccessTokenIssuer(signer, ring, clock, ids, { issuer: 'https://auth.example', ttlSeconds: 300 });
    const idTokens = new IdTokenIssuer(signer, ring, clock, new FakeAccessTokenHasher(), { issuer: 'https://auth.example', ttlSeconds: 300 });
    use = new RefreshAccessToken(families, accessTokens, refreshTokenFinder(families, new GrantOwners(new SetActiveUsers(), revocations)), new RecordingAttemptLimiter(), idTokens, new RecordingAuditTrail());
  });

  async function signIn(clientId: string | null): Promise<string> {
    return families.start(USER, clientId, NO_PARTICULAR_ACCESS, { jti: 'first', expiresAt: NOW + 300, subject: USER.id, issuedAt: NOW });
  }

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);
  const refresh = (refreshToken: string, input: Partial<RefreshAccessTokenInput> = {}) => use.execute({ refreshToken, client: null, requested: {}, ...input });

  it("a public client refreshes with its client_id alone, and the new access token names it", async () => {
    const token = await signIn('spa');
    const result = await refresh(token, { client: SPA });
    expect(result).to.deep.equal({ accessToken: 'token-1', expiresInSeconds: 300, scopes: [], refreshToken: 'refresh-2' });
    expect(signer.signed[0].claims).to.include({ client_id: 'spa', sub: '7' });
  });

  it("an AUTH_CLIENTS entry's refreshed token keeps every user field; a stored client's only what its scopes release", async () => {
    const phoned = { ...USER, telephone: '+86 1' };
    await refresh(await families.start(phoned, 'svc', NO_PARTICULAR_ACCESS, { jti: 'a', expiresAt: NOW + 300, subject: '7', issuedAt: NOW }), { client: authenticatedClient('svc', true, { configured: true }) });
    await refresh(await families.start(phoned, 'web', NO_PARTICULAR_ACCESS, { jti: 'b', expiresAt: NOW + 300, subject: '7', issuedAt: NOW }), { client: WEB });
    expect(signer.signed[0].claims).to.include({ client_id: 'svc', telephone: '+86 1' });
    expect(signer.signed[1].claims).to.include({ client_id: 'web' }).and.not.to.have.property('telephone');
  });

  it("refuses a client's token to a request that names no client (invalid_client), without spending it", async () => {
    const token = await signIn('spa');
    expect(await refusal(refresh(token))).to.be.instanceOf(ClientUnauthorizedError);
    expect((await refresh(token, { client: SPA })).refreshToken).to.equal('refresh-2');
  });

  it("refuses a public client's token to another public client (invalid_grant)", async () => {
    const token = await signIn('spa');
    expect(await refusal(refresh(token, { client: OTHER_SPA }))).to.be.instanceOf(InvalidGrantError);
  });

  it("a confidential client's token to that client, whatever another of the same id would be (the id is what binds)", async () => {
    const token = await signIn('web');
    expect(await refusal(refresh(token, { client: SPA }))).to.be.instanceOf(InvalidGrantError);
    expect((await refresh(token, { client: WEB })).refreshToken).to.equal('refresh-2');
  });

  it('a family of no client is refreshed by no client; naming one is invalid_grant', async () => {
    const token = await signIn(null);
    expect(await refusal(refresh(token, { client: SPA }))).to.be.instanceOf(InvalidGrantError);
    expect(await refusal(refresh(token, { client: WEB }))).to.be.instanceOf(InvalidGrantError);
    const result = await refresh(token);
    expect(signer.signed[0].claims).not.to.have.property('client_id');
    expect(result.refreshToken).to.equal('refresh-2');
  });

  it('a used token ends its family whoever presents it (a thief with another client too), and nothing is signed for it', async () => {
    const token = await signIn('spa');
    const next = (await refresh(token, { client: SPA })).refreshToken;
    const signed = signer.signed.length;
    expect(await refusal(refresh(token, { client: OTHER_SPA }))).to.be.instanceOf(InvalidGrantError);
    expect(signer.signed).to.have.length(signed);
    expect((await store.find(next))?.family.revoked).to.equal(true);
    expect([...revocations.tokens.keys()].sort()).to.deep.equal(['first', signer.signed[0].claims.jti].sort());
  });
});
