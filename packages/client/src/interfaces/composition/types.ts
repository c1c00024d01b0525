/**
 * The client library's identifiers: its own, plus the shared ones a service
 * embedding it resolves or rebinds (global symbols, so a service's own identifiers for them are the same).
 * Key and feed sources are not bound one by one: pass `sources` to `clientModule` to substitute them.
 */
export const CLIENT_TYPES = {
  ClientOptions: Symbol.for('ClientOptions'),
  PublicKeyProvider: Symbol.for('PublicKeyProvider'),
  KeyRefreshScheduler: Symbol.for('KeyRefreshScheduler'),
  RevocationFeedProvider: Symbol.for('RevocationFeedProvider'),
  VerificationKeySource: Symbol.for('VerificationKeySource'),
  TokenVerifier: Symbol.for('TokenVerifier'),
  GetCurrentUser: Symbol.for('GetCurrentUser'),
  TokenInterceptor: Symbol.for('TokenInterceptor'),
  PassList: Symbol.for('PassList'),
  Clock: Symbol.for('Clock'),
  Logger: Symbol.for('Logger'),
} as const;
