import { TokenInvalidError } from '../errors';

/** The DPoP key a token is bound to (RFC 9449 §6.1 `cnf.jkt`); undefined for a bearer token. */
export function boundKeyOf(claims: object): string | undefined {
  const cnf = (claims as { cnf?: unknown }).cnf;
  const jkt = cnf !== null && typeof cnf === 'object' ? (cnf as { jkt?: unknown }).jkt : undefined;
  return typeof jkt === 'string' ? jkt : undefined;
}

/**
 * RFC 9449 §7: a bound token is honoured only with a proof of its key (`jkt`, the proof's thumbprint), and a
 * proof of a key is no use with a token not bound to it: a bound token sent as Bearer, an unbound one sent
 * as DPoP, or a proof of another key is TokenInvalidError.
 */
export function assertPresentedAsBound(claims: object, jkt: string | undefined): void {
  if (boundKeyOf(claims) !== jkt) throw new TokenInvalidError(jkt === undefined ? 'a DPoP-bound token sent without its proof' : 'the token is not bound to the DPoP proof\'s key');
}
