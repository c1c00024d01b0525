import { InvalidRequestError } from '../../domain/errors';
import { isClientCredentialText } from '../../domain/model/ClientCredentialText';
import { clientRegistrationOf } from '../../domain/model/ClientRegistration';
import type { ClientMetadataInput } from '../../domain/model/ClientMetadata';
import type { OAuthClient, OAuthClientKind } from '../../domain/model/OAuthClient';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { SecretGenerator } from '../../domain/ports/SecretGenerator';

/** The metadata (name, logo, policy and terms URIs) left out or empty: none registered. */
export interface RegisterClientInput extends ClientMetadataInput {
  readonly id: string;
  readonly kind: OAuthClientKind;
  readonly redirectUris: readonly string[];
  /** Grant names as given; none: authorization_code and refresh_token. */
  readonly grants?: readonly string[];
  readonly scopes?: readonly string[];
  readonly resources?: readonly string[];
  /** The service's own app: no consent page (default false). */
  readonly firstParty?: boolean;
  readonly postLogoutRedirectUris?: readonly string[];
  /** PKCE on every authorization request (default false: checkPkce's rule). */
  readonly requirePkce?: boolean;
  /** The level every sign-in for the client must reach (an ACR URN); absent: none. */
  readonly requireAcr?: string;
  /** Where Back-Channel Logout tokens go; absent: none. */
  readonly backchannelLogoutUri?: string;
  /** The client needs `sid` in logout tokens (default false). */
  readonly backchannelLogoutSessionRequired?: boolean;
}

export interface RegisterClientResult {
  readonly client: OAuthClient;
  /** The confidential client's secret, shown once; null for a public client. */
  readonly secret: string | null;
}

const MAX_CLIENT_ID_LENGTH = 256;

/**
 * Registers a client: what it may do (clientRegistrationOf: its grants, the
 * redirect URIs of its code flow, its scopes and resources, each checked) and,
 * when confidential, a generated 256-bit secret the store keeps only as a
 * digest. Throws InvalidRequestError or ClientIdTakenError.
 */
export class RegisterClient {
  constructor(
    private readonly clients: Pick<OAuthClientStore, 'add'>,
    private readonly secrets: SecretGenerator,
  ) {}

  async execute(input: RegisterClientInput): Promise<RegisterClientResult> {
    if (input.id.length === 0 || input.id.length > MAX_CLIENT_ID_LENGTH || !isClientCredentialText(input.id) || input.id.includes(':')) {
      // A colon would not survive HTTP Basic (id:secret); the token endpoint reads ids up to 256 printable characters.
      throw new InvalidRequestError('the client id must be 1 to 256 printable characters without a colon');
    }
    const registration = clientRegistrationOf({
      kind: input.kind,
      redirectUris: input.redirectUris,
      grants: input.grants ?? [],
      scopes: input.scopes ?? [],
      resources: input.resources ?? [],
      firstParty: input.firstParty ?? false,
      postLogoutRedirectUris: input.postLogoutRedirectUris ?? [],
      requirePkce: input.requirePkce ?? false,
      requireAcr: input.requireAcr,
      name: input.name,
      logoUri: input.logoUri,
      policyUri: input.policyUri,
      tosUri: input.tosUri,
      backchannelLogoutUri: input.backchannelLogoutUri,
      backchannelLogoutSessionRequired: input.backchannelLogoutSessionRequired,
    });
    const client: OAuthClient = { id: input.id, ...registration };
    const secret = input.kind === 'confidential' ? this.secrets.next() : null;
    await this.clients.add(client, secret);
    return { client, secret };
  }
}
