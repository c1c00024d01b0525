import type { IncomingHttpHeaders } from 'node:http';
import type { DpopRequest } from '../../domain/model/DpopProof';

/** What the DPoP check needs of an express request (4 or 5); a plain object with these fields will do. */
export interface ExpressLikeRequest {
  readonly method: string;
  readonly protocol: string;
  readonly originalUrl: string;
  readonly headers: IncomingHttpHeaders;
  readonly socket?: { readonly remoteAddress?: string };
  readonly app?: { get(setting: string): unknown };
}

/**
 * The request a DPoP proof is checked against, as this service sees it: behind a proxy express trusts
 * (`trust proxy`), its scheme (`req.protocol`) and `X-Forwarded-Host`, as express 5's `req.host` reads them;
 * the path as received (`originalUrl`, mount path included), without query and fragment. The URL is built
 * only when read, so a bearer token's request pays nothing for it.
 */
export function dpopRequestOf(req: ExpressLikeRequest): DpopRequest {
  return new ExpressDpopRequest(req);
}

/** A class, not an object literal with a getter: V8 builds those on a slow path (about 2 µs a request). */
class ExpressDpopRequest implements DpopRequest {
  constructor(private readonly req: ExpressLikeRequest) {}

  get method(): string {
    return this.req.method;
  }

  get dpop(): DpopRequest['dpop'] {
    return this.req.headers.dpop;
  }

  get url(): string {
    return `${this.req.protocol}://${hostOf(this.req)}${pathOf(this.req.originalUrl)}`;
  }
}

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function hostOf(req: ExpressLikeRequest): string {
  const forwarded = req.headers['x-forwarded-host'];
  const trust = req.app?.get('trust proxy fn');
  if (typeof forwarded === 'string' && typeof trust === 'function' && trust(req.socket?.remoteAddress, 0) === true) {
    return forwarded.split(',')[0].trim();
  }
  return req.headers.host ?? '';
}
