import { ExchangeAuthorizationCode } from '../../src/application/oauth/ExchangeAuthorizationCode';
import { GrantOwners } from '../../src/application/oauth/GrantOwners';
import { RefreshAccessToken } from '../../src/application/oauth/RefreshAccessToken';
import { RefreshTokenFamilies } from '../../src/application/oauth/RefreshTokenFamilies';
import { RevokeIssuedAccessTokens } from '../../src/application/revocation/RevokeIssuedAccessTokens';
import { AccessTokenIssuer } from '../../src/application/tokens/AccessTokenIssuer';
import { IdTokenIssuer } from '../../src/application/tokens/IdTokenIssuer';
import { MEMBER_USER_TYPE, type AuthenticatedUser } from '../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../src/domain/model/KeyRing';
import type { AuthorizationGrant } from '../../src/domain/ports/AuthorizationCodeStore';
import { FakeAccessTokenHasher } from './FakeAccessTokenHasher';
import { FakeCodeChallengeVerifier } from './FakeCodeChallengeVerifier';
import { FixedClock } from './FixedClock';
import { InMemoryAuthorizationCodeStore } from './InMemoryAuthorizationCodeStore';
import { InMemoryRefreshTokenStore } from './InMemoryRefreshTokenStore';
import { InMemoryRevocationStore } from './InMemoryRevocationStore';
import { RecordingAttemptLimiter } from './RecordingAttemptLimiter';
import { RecordingTokenSigner } from './RecordingTokenSigner';
import { SequenceIdGenerator } from './SequenceIdGenerator';
import { SequenceSecretGenerator } from './SequenceSecretGenerator';
import { SetActiveUsers } from './SetActiveUsers';
import { refreshTokenFinder } from './refreshTokenFinder';
import { RecordingAuditTrail } from './RecordingAuditTrail';

export const RIG_USER: AuthenticatedUser = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
/** The rig's clock: 2026-01-01T00:00:00Z. */
export const RIG_NOW = 1767225600;
export const RIG_VERIFIER = 'a-verifier-of-at-least-43-characters-0123456789';

/**
 * The user grants (code exchange, refresh) on in-memory fakes, wired as the
 * composition root wires them: one clock, one RSA key, tokens signed as
 * `token-N`, refresh tokens `refresh-N`, every user active until a test says.
 */
export class UserGrantRig {
  readonly clock = new FixedClock('2026-01-01T00:00:00Z');
  readonly signer = new RecordingTokenSigner();
  readonly codes = new InMemoryAuthorizationCodeStore();
  readonly refreshStore = new InMemoryRefreshTokenStore();
  readonly revocations = new InMemoryRevocationStore();
  readonly activeUsers = new SetActiveUsers();
  readonly families: RefreshTokenFamilies;
  readonly exchange: ExchangeAuthorizationCode;
  readonly refresh: RefreshAccessToken;
  readonly trail = new RecordingAuditTrail();

  constructor() {
    const ring = new KeyRing();
    ring.activate({ kid: 'k1', method: 'rsa', alg: 'RS256', privateKey: 'p', publicKey: 'q', createdAt: new Date(0) });
    const ids = new SequenceIdGenerator();
    const revokeIssued = new RevokeIssuedAccessTokens(this.revocations, this.clock, { maxTokenLifetimeSeconds: 600, clockToleranceSeconds: 30 });
    this.families = new RefreshTokenFamilies(this.refreshStore, new SequenceSecretGenerator('refresh'), ids, this.clock, { absoluteSeconds: 86_400, idleSeconds: 3_600 }, revokeIssued);
    const policy = { issuer: 'https://auth.example', ttlSeconds: 300 };
    const accessTokens = new AccessTokenIssuer(this.signer, ring, this.clock, ids, policy);
    const idTokens = new IdTokenIssuer(this.signer, ring, this.clock, new FakeAccessTokenHasher(), policy);
    const owners = new GrantOwners(this.activeUsers, this.revocations);
    this.exchange = new ExchangeAuthorizationCode(this.codes, new FakeCodeChallengeVerifier(), this.families, accessTokens, owners, idTokens, this.trail);
    this.refresh = new RefreshAccessToken(this.families, accessTokens, refreshTokenFinder(this.families, owners), new RecordingAttemptLimiter(), idTokens, this.trail);
  }

  /** Saves `code` for the rig's user, client `web` at `https://web.example/cb` with RIG_VERIFIER's challenge, unless `grant` says otherwise. */
  async issueCode(code: string, grant: Partial<AuthorizationGrant> = {}): Promise<void> {
    await this.codes.save(code, {
      clientId: 'web',
      redirectUri: 'https://web.example/cb',
      codeChallenge: FakeCodeChallengeVerifier.challengeFor(RIG_VERIFIER),
      user: RIG_USER,
      granted: { scopes: [], resources: [] },
      familyId: `family-of-${code}`,
      issuedAt: RIG_NOW,
      authTime: RIG_NOW - 30,
      expiresAt: RIG_NOW + 60,
      ...grant,
    });
  }

  /** The claims of the n-th token signed (1-based, as the stand-in tokens are numbered). */
  claimsOf(token: string): Record<string, unknown> {
    return this.signer.signed[Number(token.slice('token-'.length)) - 1].claims as unknown as Record<string, unknown>;
  }
}
