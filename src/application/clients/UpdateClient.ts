import { ClientNotFoundError } from '../../domain/grantErrors';
import { clientRegistrationOf } from '../../domain/model/ClientRegistration';
import type { ClientMetadataInput } from '../../domain/model/ClientMetadata';
import type { OAuthClient } from '../../domain/model/OAuthClient';
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
  /** Replaces the required level; empty removes it. */
  readonly requireAcr?: string;
  /** Replaces the back-channel logout URI; empty removes it (with its `sid` requirement). */
  readonly backchannelLogoutUri?: string;
  readonly backchannelLogoutSessionRequired?: boolean;
}

export interface UpdateClientResult {
  readonly client: OAuthClient;
}

/**
 * Changes what a stored client may do (`clients update`): the lists given
 * replace its own, the result is checked as a registration is
 * (clientRegistrationOf; the kind and the secret never change here). The
 * token and authorization endpoints read the store at every request, so every
 * instance follows at once. Throws ClientNotFoundError or InvalidRequestError.
 */
export class UpdateClient {
  constructor(private readonly clients: Pick<OAuthClientStore, 'find' | 'update'>) {}

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
      requireAcr: input.requireAcr ?? stored.requireAcr,
      name: input.name ?? stored.name,
      logoUri: input.logoUri ?? stored.logoUri,
      policyUri: input.policyUri ?? stored.policyUri,
      tosUri: input.tosUri ?? stored.tosUri,
      ...backchannelLogoutOf(input, stored),
    });
    const client: OAuthClient = { id: stored.id, ...registration };
    // Removed since the read: nothing was written.
    if (!(await this.clients.update(client))) throw new ClientNotFoundError(input.id);
    return { client };
  }
}

/** The stored back-channel logout settings with the update's over them: an empty URI removes the URI and its requirement. */
function backchannelLogoutOf(input: UpdateClientInput, stored: OAuthClient): Pick<OAuthClient, 'backchannelLogoutUri' | 'backchannelLogoutSessionRequired'> {
  const removed = input.backchannelLogoutUri === '';
  return {
    backchannelLogoutUri: removed ? undefined : (input.backchannelLogoutUri ?? stored.backchannelLogoutUri),
    backchannelLogoutSessionRequired: input.backchannelLogoutSessionRequired ?? (removed ? undefined : stored.backchannelLogoutSessionRequired),
  };
}
