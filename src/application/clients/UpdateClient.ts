import { ClientNotFoundError } from '../../domain/grantErrors';
import { clientRegistrationOf } from '../../domain/model/ClientRegistration';
import type { ClientMetadataInput } from '../../domain/model/ClientMetadata';
import type { OAuthClient } from '../../domain/model/OAuthClient';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import { auditChanges } from '../../domain/model/auditChanges';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';

/** A list given replaces the client's; a list left out keeps what it has; a metadata value given replaces it ('' clears it). */
export interface UpdateClientInput extends ClientMetadataInput {
  readonly id: string;
  readonly redirectUris?: readonly string[];
  /** Grant names as given. */
  readonly grants?: readonly string[];
  readonly scopes?: readonly string[];
  readonly resources?: readonly string[];
  readonly firstParty?: boolean;
  readonly postLogoutRedirectUris?: readonly string[];
  readonly requirePkce?: boolean;
  readonly requireDpop?: boolean;
  /** Replaces the required level; empty removes it. */
  readonly requireAcr?: string;
  /** Replaces the back-channel logout URI; empty removes it (with its `sid` requirement). */
  readonly backchannelLogoutUri?: string;
  readonly backchannelLogoutSessionRequired?: boolean;
  /** New private_key_jwt keys (a parsed JWKS document) or their URI: either replaces both; a secret the client had is dropped. */
  readonly jwks?: unknown;
  readonly jwksUri?: string;
  readonly requirePar?: boolean;
}

export interface UpdateClientResult {
  readonly client: OAuthClient;
}

/**
 * Changes what a stored client may do (`clients update`): the lists given
 * replace its own, the result is checked as a registration is
 * (clientRegistrationOf; the kind never changes here, and the secret only
 * goes: a confidential client given keys authenticates with them alone). The
 * token and authorization endpoints read the store at every request, so every
 * instance follows at once. Throws ClientNotFoundError or InvalidRequestError.
 */
export class UpdateClient {
  constructor(
    private readonly clients: Pick<OAuthClientStore, 'find' | 'update'>,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: UpdateClientInput): Promise<UpdateClientResult> {
    const stored = await this.clients.find(input.id);
    if (stored === null) throw new ClientNotFoundError(input.id);
    const registration = clientRegistrationOf({
      kind: stored.kind,
      redirectUris: input.redirectUris ?? stored.redirectUris,
      grants: input.grants ?? stored.grants,
      scopes: input.scopes ?? stored.scopes,
      resources: input.resources ?? stored.resources,
      firstParty: input.firstParty ?? stored.firstParty,
      postLogoutRedirectUris: input.postLogoutRedirectUris ?? stored.postLogoutRedirectUris,
      requirePkce: input.requirePkce ?? stored.requirePkce,
      requireDpop: input.requireDpop ?? stored.requireDpop,
      requireAcr: input.requireAcr ?? stored.requireAcr,
      name: input.name ?? stored.name,
      logoUri: input.logoUri ?? stored.logoUri,
      policyUri: input.policyUri ?? stored.policyUri,
      tosUri: input.tosUri ?? stored.tosUri,
      ...backchannelLogoutOf(input, stored),
      ...clientKeysOf(input, stored),
      requirePar: input.requirePar ?? stored.requirePar,
    });
    const client: OAuthClient = { id: stored.id, ...registration };
    // Removed since the read: nothing was written.
    if (!(await this.clients.update(client))) throw new ClientNotFoundError(input.id);
    this.trail.record({ type: 'client.changed', outcome: 'success', client: client.id, details: { ...auditChanges(stored, client) } });
    return { client };
  }
}

/** The keys given (either form replaces both), else the stored ones as a JWKS document for the registration to check again. */
function clientKeysOf(input: UpdateClientInput, stored: OAuthClient): { jwks?: unknown; jwksUri?: string } {
  if (input.jwks !== undefined || input.jwksUri !== undefined) return { jwks: input.jwks, jwksUri: input.jwksUri };
  return { jwks: stored.jwks === undefined ? undefined : { keys: stored.jwks }, jwksUri: stored.jwksUri };
}

/** The stored back-channel logout settings with the update's over them: an empty URI removes the URI and its requirement. */
function backchannelLogoutOf(input: UpdateClientInput, stored: OAuthClient): Pick<OAuthClient, 'backchannelLogoutUri' | 'backchannelLogoutSessionRequired'> {
  const removed = input.backchannelLogoutUri === '';
  return {
    backchannelLogoutUri: removed ? undefined : (input.backchannelLogoutUri ?? stored.backchannelLogoutUri),
    backchannelLogoutSessionRequired: input.backchannelLogoutSessionRequired ?? (removed ? undefined : stored.backchannelLogoutSessionRequired),
  };
}
