import type { Request, Response } from 'express';
import type { CheckDpopProof } from '../../application/dpop/CheckDpopProof';
import { InvalidDpopProofError } from '../../domain/dpopErrors';

/** The DPoP checks an endpoint needs: the proof, and the nonce to announce beside every answer. */
export type DpopCheck = Pick<CheckDpopProof, 'execute' | 'nonceToAnnounce'>;

/**
 * The thumbprint of the request's DPoP key (RFC 9449 §4.3), or null when it sent no `DPoP` header.
 * `endpointUrl` is the endpoint as the issuer names it (what discovery tells clients); the request's own
 * URL as the service sees it (behind AUTH_TRUST_PROXY) is taken as `htu` too. With AUTH_DPOP_NONCE=required,
 * every answer carries the current `DPoP-Nonce` (RFC 9449 §8.2), so a client keeps one fresh.
 */
export async function dpopJktOf(req: Request, res: Response, check: DpopCheck, endpointUrl: string, accessToken?: string): Promise<string | null> {
  const nonce = check.nonceToAnnounce();
  if (nonce !== null) res.set('DPoP-Nonce', nonce);
  const proof = req.headers.dpop;
  if (proof === undefined) return null;
  // Node joins repeated headers with ", ", which no compact JWS contains (RFC 9449 §4.3 check 1: exactly one).
  if (typeof proof !== 'string' || proof.includes(',')) throw new InvalidDpopProofError('more than one DPoP header');
  return check.execute({ proof, method: req.method, urls: [endpointUrl, requestUrlOf(req)], ...(accessToken === undefined ? {} : { accessToken }) });
}

/** The request's URL without query, as the service sees it. */
function requestUrlOf(req: Request): string {
  const path = req.originalUrl.split('?')[0];
  return `${req.protocol}://${req.get('host') ?? ''}${path}`;
}
