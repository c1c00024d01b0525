/**
 * The client library's identifiers: its own, plus the shared ones a service
 * embedding it resolves or rebinds (global symbols, so a service's own identifiers for them are the same).
 */
export const CLIENT_TYPES = {
  ClientOptions: Symbol.for('ClientOptions'),
  PublicKeyProvider: Symbol.for('PublicKeyProvider'),
  PublicKeySource: Symbol.for('PublicKeySource'),
  JsonWebKeySetSource: Symbol.for('JsonWebKeySetSource'),
  VerificationKeyReader: Symbol.for('VerificationKeyReader'),
  ParsedKeyCache: Symbol.for('ParsedKeyCache'),
  KeyRefreshScheduler: Symbol.for('KeyRefreshScheduler'),
  RevocationFeedSource: Symbol.for('RevocationFeedSource'),
  RevocationFeedProvider: Symbol.for('RevocationFeedProvider'),
  VerificationKeySource: Symbol.for('VerificationKeySource'),
  TokenVerifier: Symbol.for('TokenVerifier'),
  GetCurrentUser: Symbol.for('GetCurrentUser'),
  TokenInterceptor: Symbol.for('TokenInterceptor'),
  PassList: Symbol.for('PassList'),
  Clock: Symbol.for('Clock'),
  Logger: Symbol.for('Logger'),
} as const;
