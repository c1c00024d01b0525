import type { Response } from 'express';
import { inject } from 'inversify';
import { controller, httpGet, response } from 'inversify-express-utils';
import type { GetJsonWebKeySet, GetJsonWebKeySetResult } from '../../../application/keys/GetJsonWebKeySet';
import { TYPES } from '../../composition/types';
import { skipToken } from '@auth-service/client/inversify';

/** The metadata this service publishes (built once in the composition root, discoveryDocument.ts). */
export type DiscoveryDocument = Readonly<Record<string, unknown>>;

/**
 * Standard key publication (RFC 7517 set, OpenID discovery). Not enveloped:
 * standard verifiers read these shapes. Express adds the ETag and answers 304
 * to a matching If-None-Match.
 */
@skipToken()
@controller('/.well-known')
export class WellKnownController {
  constructor(
    @inject(TYPES.GetJsonWebKeySet) private readonly getJsonWebKeySet: GetJsonWebKeySet,
    @inject(TYPES.DiscoveryDocument) private readonly discovery: DiscoveryDocument,
  ) {}

  @httpGet('/jwks.json')
  jwks(@response() res: Response): GetJsonWebKeySetResult {
    // Short enough that a rotation's next key reaches caches well within the publish-ahead time.
    res.set('Cache-Control', 'public, max-age=60');
    res.type('application/jwk-set+json');
    return this.getJsonWebKeySet.execute();
  }

  /** RFC 8414 authorization server metadata: the primary discovery document. */
  @httpGet('/oauth-authorization-server')
  authorizationServerMetadata(@response() res: Response): DiscoveryDocument {
    res.set('Cache-Control', 'public, max-age=3600');
    return this.discovery;
  }

  /** OpenID Connect Discovery §4: the same document, an OpenID Provider's under an asymmetric key (see discoveryDocument.ts). */
  @httpGet('/openid-configuration')
  openidConfiguration(@response() res: Response): DiscoveryDocument {
    res.set('Cache-Control', 'public, max-age=3600');
    return this.discovery;
  }
}
