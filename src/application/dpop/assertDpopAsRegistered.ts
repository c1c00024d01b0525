import { InvalidDpopProofError } from '../../domain/dpopErrors';

/** A client registered `--require-dpop` gets no token without a proof (RFC 9449 §5: the server may require DPoP of a client). */
export function assertDpopAsRegistered(client: { readonly requireDpop?: boolean } | null, jkt: string | null): void {
  if (jkt === null && client?.requireDpop === true) throw new InvalidDpopProofError('the client is registered to require DPoP and sent no proof');
}
