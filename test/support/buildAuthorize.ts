import { buildSecondFactorStep, type SecondFactorFixture } from './buildSecondFactorStep';
import { Authorize, type AuthorizePolicy } from '../../src/application/oauth/Authorize';
import { ConsentGate } from '../../src/application/consent/ConsentGate';
import { Interactions } from '../../src/application/interaction/Interactions';
import { Login } from '../../src/application/login/Login';
import { AccessTokenIssuer } from '../../src/application/tokens/AccessTokenIssuer';
import type { AuthenticatedUser } from '../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../src/domain/model/KeyRing';
import { UnboundedLoginCapacity } from '../../src/infrastructure/auth/InFlightLoginCapacity';
import { FixedClock } from './FixedClock';
import { FixedUserAuthenticator } from './FixedUserAuthenticator';
import { InMemoryAuthorizationCodeStore } from './InMemoryAuthorizationCodeStore';
import { InMemoryConsentStore } from './InMemoryConsentStore';
import { InMemoryInteractionStore } from './InMemoryInteractionStore';
import { InMemoryOAuthClientStore } from './InMemoryOAuthClientStore';
import { InMemoryRevocationStore } from './InMemoryRevocationStore';
import { InMemorySignInSessionStore } from './InMemorySignInSessionStore';
import { RecordingSignOut } from './RecordingSignOut';
import { RecordingAttemptLimiter } from './RecordingAttemptLimiter';
import { RecordingTokenSigner } from './RecordingTokenSigner';
import { SequenceIdGenerator } from './SequenceIdGenerator';
import { SequenceSecretGenerator } from './SequenceSecretGenerator';
import { RecordingAuditTrail } from './RecordingAuditTrail';
import { PasswordOnlyGate } from './PasswordOnlyGate';
import { InMemoryUserRepository } from './InMemoryUserRepository';
import { storedUser } from './userAccounts';
import { accountKey } from '../../src/domain/model/AccountName';
import { SignInWithPasskey } from '../../src/application/passkeys/SignInWithPasskey';

/** Authorize on in-memory stores with the fakes it is read through: codes, sessions and consents `code-1`, `code-2`, … */
export interface AuthorizeFixture {
  readonly authorize: Authorize;
  readonly clock: FixedClock;
  readonly codes: InMemoryAuthorizationCodeStore;
  readonly sessions: InMemorySignInSessionStore;
  readonly consents: InMemoryConsentStore;
  readonly factors: SecondFactorFixture;
  /** The store a passkey alone finds its user in (the signed-in user, active), and the trail of those sign-ins. */
  readonly users: InMemoryUserRepository;
  readonly passkeyTrail: RecordingAuditTrail;
}

/** Authorize signing in `user` whatever the password, at 2026-01-01T00:00:00Z. */
export function buildAuthorize(user: AuthenticatedUser, policy: AuthorizePolicy = { codeSeconds: 60, sessionSeconds: 3600 }, clients: InMemoryOAuthClientStore = new InMemoryOAuthClientStore([])): AuthorizeFixture {
  const clock = new FixedClock('2026-01-01T00:00:00Z');
  const codes = new InMemoryAuthorizationCodeStore();
  const sessions = new InMemorySignInSessionStore();
  const consents = new InMemoryConsentStore();
  const tokens = new AccessTokenIssuer(new RecordingTokenSigner(), new KeyRing(), clock, new SequenceIdGenerator(), { issuer: 'http://localhost/auth', ttlSeconds: 600 });
  const login = new Login(new FixedUserAuthenticator(user), tokens, new RecordingAttemptLimiter(), new UnboundedLoginCapacity(), new PasswordOnlyGate(), new RecordingAuditTrail());
  const interactions = new Interactions(new InMemoryInteractionStore(), sessions, new InMemoryRevocationStore(), clients, new SequenceSecretGenerator('uid'), clock);
  const factors = buildSecondFactorStep(clock);
  const users = new InMemoryUserRepository();
  users.rows.set(accountKey(user.account), storedUser(user.account, user.id, user));
  const passkeyTrail = new RecordingAuditTrail();
  const passkeys = new SignInWithPasskey(factors.passkeys.assertions, users, new RecordingAttemptLimiter(), clock, passkeyTrail);
  const authorize = new Authorize(codes, sessions, login, passkeys, new ConsentGate(consents, clock, new RecordingAuditTrail()), interactions, new RecordingSignOut(sessions), factors.step, new SequenceSecretGenerator('code'), new SequenceIdGenerator(), clock, policy);
  return { authorize, clock, codes, sessions, consents, factors, users, passkeyTrail };
}
