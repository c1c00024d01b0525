import { expect } from 'chai';
import { IdTokenIssuer } from '../../../../src/application/tokens/IdTokenIssuer';
import { FakeAccessTokenHasher } from '../../../support/FakeAccessTokenHasher';
import { NO_PARTICULAR_ACCESS } from '../../../../src/domain/model/GrantedAccess';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { ExchangeAuthorizationCode, type ExchangeAuthorizationCodeInput } from '../../../../src/application/oauth/ExchangeAuthorizationCode';
import { GrantOwners } from '../../../../src/application/oauth/GrantOwners';
import { RefreshTokenFamilies } from '../../../../src/application/oauth/RefreshTokenFamilies';
import { RevokeIssuedAccessTokens } from '../../../../src/application/revocation/RevokeIssuedAccessTokens';
import { ClientUnauthorizedError } from '../../../../src/domain/errors';
import { InvalidGrantError } from '../../../../src/domain/grantErrors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import type { AuthorizationGrant } from '../../../../src/domain/ports/AuthorizationCodeStore';
import { FakeCodeChallengeVerifier } from '../../../support/FakeCodeChallengeVerifier';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryAuthorizationCodeStore } from '../../../support/InMemoryAuthorizationCodeStore';
import { InMemoryRefreshTokenStore } from '../../../support/InMemoryRefreshTokenStore';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';
import { SetActiveUsers } from '../../../support/SetActiveUsers';
import { authenticatedClient } from '../../../support/oauthClients';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

const KEY: SigningKeyPair = { kid: 'k1', method: 'rsa', alg: 'RS256', privateKey: 'private', publicKey: 'public', createdAt: new Date('2025-01-01T00:00:00Z') };
const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const NOW = 1767225600; // 2026-01-01T00:00:00Z
const SPA_URI = 'https://spa.example/cb';
const WEB_URI = 'https://web.example/cb';
const VERIFIER = 'a-verifier-of-at-least-43-characters-0123456789';
/** Clients as the token endpoint authenticated them (AuthenticateClient). */
const SPA = authenticatedClient('spa', false);
const WEB = authenticatedClient('web', true);

describe('ExchangeAuthorizationCode (authorization_code grant, RFC 6749 §4.1.3 with PKCE, RFC 7636); every refusal is invalid_grant, with a log detail saying why', () => {
  let clock: FixedClock;
  let codes: InMemoryAuthorizationCodeStore;
  let refreshStore: InMemoryRefreshTokenStore;
  let revocations: InMemoryRevocationStore;
  let activeUsers: SetActiveUsers;
  let signer: RecordingTokenSigner;
  let use: ExchangeAuthorizationCode;
  let trail: RecordingAuditTrail;

  beforeEach(() => {
    clock = new FixedClock('2026-01-01T00:00:00Z');
    codes = new InMemoryAuthorizationCodeStore();
    refreshStore = new InMemoryRefreshTokenStore();
    revocations = new InMemoryRevocationStore();
    activeUsers = new SetActiveUsers();
    signer = new RecordingTokenSigner();
    trail = new RecordingAuditTrail();
    const ring = new KeyRing();
    ring.activate(KEY);
    const ids = new SequenceIdGenerator();
    const revokeIssued = new RevokeIssuedAccessTokens(revocations, clock, { maxTokenLifetimeSeconds: 600, clockToleranceSeconds: 30 });
    const families = new RefreshTokenFamilies(refreshStore, new SequenceSecretGenerator('refresh'), ids, clock, { absoluteSeconds: 86_400, idleSeconds: 3_600 }, revokeIssued);
    const accessTokens = new AccessTokenIssuer(signer, ring, clock, ids, { issuer: 'https://auth.example', ttlSeconds: 300 });
    use = new ExchangeAuthorizationCode(
      codes,
      new FakeCodeChallengeVerifier(),
      families,
      accessTokens,
      new GrantOwners(activeUsers, revocations),
      new IdTokenIssuer(signer, ring, clock, new FakeAccessTokenHasher(), { issuer: 'https://auth.example', ttlSeconds: 300 }),
      trail,
    );
  });

  async function issueCode(code: string, grant: Partial<AuthorizationGrant> = {}): Promise<void> {
    await codes.save(code, {
      clientId: 'spa',
      redirectUri: SPA_URI,
      codeChallenge: FakeCodeChallengeVerifier.challengeFor(VERIFIER),
      user: USER,
      granted: NO_PARTICULAR_ACCESS,
      familyId: `family-of-${code}`,
      issuedAt: NOW,
      authTime: NOW - 30,
      expiresAt: NOW + 60,
      ...grant,
    });
  }

  const spaExchange = (code: string, overrides: Partial<ExchangeAuthorizationCodeInput> = {}): ExchangeAuthorizationCodeInput => ({
    code,
    redirectUri: SPA_URI,
    codeVerifier: VERIFIER,
    client: SPA,
    requested: {},
    ...overrides,
  });

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  /** An invalid_grant whose log detail (never sent) says why. */
  async function invalidGrant(promise: Promise<unknown>, detail: string): Promise<void> {
    const error = await refusal(promise);
    expect(error, detail).to.be.instanceOf(InvalidGrantError);
    expect((error as InvalidGrantError).detail).to.equal(detail);
  }

  it('a public client (client_id and PKCE) gets an access token naming it and the first refresh token of the family the code named', async () => {
    await issueCode('c1');
    const result = await use.execute(spaExchange('c1'));
    expect(result).to.deep.equal({ accessToken: 'token-1', expiresInSeconds: 300, scopes: [], refreshToken: 'refresh-1' });
    expect(signer.signed[0].claims).to.include({ sub: '7', client_id: 'spa', exp: NOW + 300 }).and.not.to.have.property('account');
    const lookup = await refreshStore.find('refresh-1');
    expect(lookup?.current).to.equal(true);
    expect(lookup?.family).to.include({ familyId: 'family-of-c1', subject: '7', clientId: 'spa', revoked: false });
  });

  it('with a DPoP proof: the access token carries cnf.jkt and a public client\'s family is bound to the key (RFC 9449 §5)', async () => {
    await issueCode('c1');
    await use.execute(spaExchange('c1', { dpopJkt: 'key-1' }));
    expect(signer.signed[0].claims).to.deep.include({ cnf: { jkt: 'key-1' } });
    expect((await refreshStore.find('refresh-1'))?.family.dpopJkt).to.equal('key-1');
  });

  it('with a DPoP proof: a confidential client\'s family stays bound by its secret, not the key', async () => {
    await issueCode('c1', { clientId: 'web', redirectUri: WEB_URI });
    await use.execute({ code: 'c1', redirectUri: WEB_URI, codeVerifier: VERIFIER, client: WEB, requested: {}, dpopJkt: 'key-1' });
    expect(signer.signed[0].claims).to.deep.include({ cnf: { jkt: 'key-1' } });
    expect((await refreshStore.find('refresh-1'))?.family).to.not.have.property('dpopJkt');
  });

  it('without a proof: a bearer access token and an unbound family', async () => {
    await issueCode('c1');
    await use.execute(spaExchange('c1'));
    expect(signer.signed[0].claims).to.not.have.property('cnf');
    expect((await refreshStore.find('refresh-1'))?.family).to.not.have.property('dpopJkt');
  });

  it('a confidential client that proved its secret exchanges its code', async () => {
    await issueCode('c1', { clientId: 'web', redirectUri: WEB_URI });
    const result = await use.execute({ code: 'c1', redirectUri: WEB_URI, codeVerifier: VERIFIER, client: WEB, requested: {} });
    expect(result.refreshToken).to.equal('refresh-1');
    expect((await refreshStore.find('refresh-1'))?.family.clientId).to.equal('web');
  });

  it('refuses a request that names no client (invalid_client) before touching the code: it stays usable', async () => {
    await issueCode('c1', { clientId: 'web', redirectUri: WEB_URI });
    expect(await refusal(use.execute({ code: 'c1', redirectUri: WEB_URI, codeVerifier: VERIFIER, client: null, requested: {} }))).to.be.instanceOf(ClientUnauthorizedError);
    expect(codes.calls.filter(([op]) => op === 'consume')).to.deep.equal([]);
    const result = await use.execute({ code: 'c1', redirectUri: WEB_URI, codeVerifier: VERIFIER, client: WEB, requested: {} });
    expect(result.accessToken).to.be.a('string');
  });

  it('refuses a code never issued with invalid_grant', async () => {
    const error = await refusal(use.execute(spaExchange('never-issued')));
    expect(error).to.include({ code: 'INVALID_GRANT', detail: 'unknown authorization code' });
    expect(refreshStore.families.size).to.equal(0);
  });

  it('refuses a code issued to another client, for another redirect URI, without one, or with a verifier that does not answer the challenge', async () => {
    const cases: Array<[Partial<AuthorizationGrant>, Partial<ExchangeAuthorizationCodeInput>, string]> = [
      [{ clientId: 'other-spa' }, {}, 'authorization code of another client'],
      [{}, { redirectUri: 'https://spa.example/cb/' }, 'redirect_uri differs from the authorization request'],
      [{}, { redirectUri: undefined }, 'redirect_uri differs from the authorization request'],
      [{}, { codeVerifier: `${VERIFIER}x` }, 'code_verifier does not match the code_challenge'],
      [{}, { codeVerifier: undefined }, 'code_verifier missing for a code issued with a code_challenge'],
    ];
    for (const [index, [grant, input, detail]] of cases.entries()) {
      await issueCode(`c${index}`, grant);
      await invalidGrant(use.execute(spaExchange(`c${index}`, input)), detail);
    }
    expect(signer.signed).to.deep.equal([]);
    expect(refreshStore.families.size).to.equal(0);
  });

  it('a code issued without a challenge (a confidential OpenID request with a nonce) is exchanged without a verifier; one sent is refused', async () => {
    await issueCode('c1', { clientId: 'web', redirectUri: WEB_URI, codeChallenge: undefined });
    await invalidGrant(use.execute({ code: 'c1', redirectUri: WEB_URI, codeVerifier: VERIFIER, client: WEB, requested: {} }), 'code_verifier sent for a code issued without a code_challenge');
    await issueCode('c2', { clientId: 'web', redirectUri: WEB_URI, codeChallenge: undefined });
    const result = await use.execute({ code: 'c2', redirectUri: WEB_URI, client: WEB, requested: {} });
    expect(result.accessToken).to.be.a('string');
  });

  it('a code is good until its expiry second, not at it', async () => {
    await issueCode('c1', { expiresAt: NOW + 60 });
    await issueCode('c2', { expiresAt: NOW + 60 });
    clock.advanceSeconds(59);
    expect((await use.execute(spaExchange('c1'))).accessToken).to.be.a('string');
    clock.advanceSeconds(1);
    await invalidGrant(use.execute(spaExchange('c2')), 'authorization code expired');
  });

  it('a refused request (wrong verifier, another client, another redirect URI, expired) does not use the code: the right request still can', async () => {
    await issueCode('c1');
    await invalidGrant(use.execute(spaExchange('c1', { codeVerifier: `${VERIFIER}x` })), 'code_verifier does not match the code_challenge');
    await invalidGrant(use.execute(spaExchange('c1', { client: authenticatedClient('other-spa', false) })), 'authorization code of another client');
    await invalidGrant(use.execute(spaExchange('c1', { redirectUri: WEB_URI })), 'redirect_uri differs from the authorization request');
    expect(codes.calls.filter(([op]) => op === 'consume')).to.deep.equal([]);
    expect((await use.execute(spaExchange('c1'))).refreshToken).to.equal('refresh-1');
    await issueCode('c2', { expiresAt: NOW });
    await invalidGrant(use.execute(spaExchange('c2')), 'authorization code expired');
    expect(codes.codes.get('c2')?.usedAt).to.equal(null);
  });

  it("a used code sent by another client, with another redirect URI or a made-up verifier leaves the real client's family alive", async () => {
    await issueCode('c1');
    const first = await use.execute(spaExchange('c1'));
    // The attack: any public client's id (no secret needed) and a verifier of one's own.
    await invalidGrant(use.execute(spaExchange('c1', { client: authenticatedClient('attacker', false), codeVerifier: `${VERIFIER}y` })), 'authorization code of another client');
    await invalidGrant(use.execute(spaExchange('c1', { codeVerifier: `${VERIFIER}y` })), 'code_verifier does not match the code_challenge');
    await invalidGrant(use.execute(spaExchange('c1', { redirectUri: WEB_URI })), 'redirect_uri differs from the authorization request');
    expect((await refreshStore.find(first.refreshToken))?.family.revoked).to.equal(false);
    expect(revocations.tokens.size).to.equal(0);
    expect(codes.codes.get('c1')?.replayedAt).to.equal(null);
  });

  it('a code whose record goes between the read and the use (its user locked out meanwhile) is unknown', async () => {
    await issueCode('c1');
    const find = codes.find.bind(codes);
    codes.find = async (code) => {
      const grant = await find(code);
      await codes.revokeSubject(USER.id);
      return grant;
    };
    await invalidGrant(use.execute(spaExchange('c1')), 'unknown authorization code');
    expect(signer.signed).to.deep.equal([]);
  });

  it('a code issued without a challenge (a confidential client without PKCE) needs no verifier and refuses one sent anyway', async () => {
    await issueCode('c1', { clientId: 'web', redirectUri: WEB_URI, codeChallenge: undefined });
    await issueCode('c2', { clientId: 'web', redirectUri: WEB_URI, codeChallenge: undefined });
    const web = (code: string, codeVerifier?: string): ExchangeAuthorizationCodeInput => ({ code, redirectUri: WEB_URI, client: WEB, requested: {}, ...(codeVerifier === undefined ? {} : { codeVerifier }) });
    await invalidGrant(use.execute(web('c1', VERIFIER)), 'code_verifier sent for a code issued without a code_challenge');
    expect((await use.execute(web('c1'))).refreshToken).to.equal('refresh-1');
    expect((await use.execute(web('c2'))).refreshToken).to.equal('refresh-2');
  });

  it('a public client has no proof but PKCE: its code without a challenge is refused, with a verifier or without', async () => {
    await issueCode('c1', { codeChallenge: undefined });
    await invalidGrant(use.execute(spaExchange('c1', { codeVerifier: undefined })), "a public client's code without a code_challenge");
    await invalidGrant(use.execute(spaExchange('c1')), "a public client's code without a code_challenge");
    expect(codes.codes.get('c1')?.usedAt).to.equal(null);
  });

  it('a code with a challenge needs its verifier: none sent is refused', async () => {
    await issueCode('c1');
    await invalidGrant(use.execute({ code: 'c1', redirectUri: SPA_URI, client: SPA, requested: {} }), 'code_verifier missing for a code issued with a code_challenge');
    expect(codes.codes.get('c1')?.usedAt).to.equal(null);
  });

  it('a replayed code ends the family its first exchange started: the refresh token dies and the access token is revoked', async () => {
    await issueCode('c1');
    const first = await use.execute(spaExchange('c1'));
    const jti = signer.signed[0].claims.jti as string;
    await invalidGrant(use.execute(spaExchange('c1')), 'authorization code used before: its family ended');
    expect((await refreshStore.find(first.refreshToken))?.family.revoked).to.equal(true);
    expect([...revocations.tokens.keys()]).to.deep.equal([jti]);
    expect(trail.events).to.deep.equal([
      { type: 'token.issued', outcome: 'success', account: USER.account, client: 'spa', details: { grant: 'authorization_code', subject: USER.id, scopes: [] } },
      { type: 'code.replayed', outcome: 'failure', account: USER.account, client: 'spa', details: { subject: USER.id, family: 'family-of-c1', when: 'used_before', familyEnded: true } },
    ]);
    expect(JSON.stringify(trail.events)).not.to.include(first.accessToken).and.not.to.include(first.refreshToken);
  });

  it('a replay that arrives while the first exchange is under way (another instance) makes that exchange fail and end its family', async () => {
    await issueCode('c1');
    codes.afterConsume = async () => {
      // The thief's request on another instance: consumes the same code a second time.
      await invalidGrant(use.execute(spaExchange('c1')), 'authorization code used before: its family ended');
    };
    await invalidGrant(use.execute(spaExchange('c1')), 'authorization code replayed during its exchange: its family ended');
    expect(trail.ofType('code.replayed').map((event) => event.details?.when)).to.deep.equal(['used_before', 'during_exchange']);
    expect(trail.ofType('token.issued')).to.deep.equal([]);
    expect((await refreshStore.find('refresh-1'))?.family.revoked).to.equal(true);
    expect([...revocations.tokens.keys()]).to.deep.equal([signer.signed[0].claims.jti]);
  });

  it('mints nothing for a user disabled or removed since signing in for the code', async () => {
    await issueCode('c1');
    activeUsers.inactive.add(USER.id);
    await invalidGrant(use.execute(spaExchange('c1')), 'the user is no longer active in the user store');
    expect(signer.signed).to.deep.equal([]);
    expect(refreshStore.families.size).to.equal(0);
  });

  it("mints nothing for a code signed in for before the user's not-before (passwd, lock-out), and does for one signed in at it", async () => {
    await issueCode('c1', { issuedAt: NOW - 1 });
    await issueCode('c2', { issuedAt: NOW });
    await revocations.revokeSubject(USER.id, NOW, NOW + 600);
    await invalidGrant(use.execute(spaExchange('c1')), 'the user was locked out after the grant');
    expect((await use.execute(spaExchange('c2'))).refreshToken).to.be.a('string');
  });
});
