import { InvalidRequestError } from '../../domain/errors';
import { isClientCredentialText } from '../../domain/model/ClientCredentialText';
import type { OAuthClient, OAuthClientKind } from '../../domain/model/OAuthClient';
import { isAcceptableRedirectUri } from '../../domain/model/RedirectUri';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { SecretGenerator } from '../../domain/ports/SecretGenerator';

export interface RegisterClientInput {
  readonly id: string;
  readonly kind: OAuthClientKind;
  readonly redirectUris: readonly string[];
}

export interface RegisterClientResult {
  readonly client: OAuthClient;
  /** The confidential client's secret, shown once; null for a public client. */
  readonly secret: string | null;
}

const MAX_CLIENT_ID_LENGTH = 256;
const MAX_REDIRECT_URIS = 20;

/**
 * Registers a client for the authorization code flow: its redirect URIs
 * (each checked by isAcceptableRedirectUri, compared exactly later) and, when
 * confidential, a generated 256-bit secret the store keeps only as a digest.
 * Throws InvalidRequestError or ClientIdTakenError.
 */
export class RegisterClient {
  constructor(
    private readonly clients: OAuthClientStore,
    private readonly secrets: SecretGenerator,
  ) {}

  async execute(input: RegisterClientInput): Promise<RegisterClientResult> {
    if (input.id.length === 0 || input.id.length > MAX_CLIENT_ID_LENGTH || !isClientCredentialText(input.id) || input.id.includes(':')) {
      // A colon would not survive HTTP Basic (id:secret); the token endpoint reads ids up to 256 printable characters.
      throw new InvalidRequestError('the client id must be 1 to 256 printable characters without a colon');
    }
    const redirectUris = [...new Set(input.redirectUris)];
    if (redirectUris.length === 0 || redirectUris.length > MAX_REDIRECT_URIS) {
      throw new InvalidRequestError(`give 1 to ${MAX_REDIRECT_URIS} redirect URIs`);
    }
    const bad = redirectUris.find((uri) => !isAcceptableRedirectUri(uri));
    if (bad !== undefined) {
      throw new InvalidRequestError(`redirect URI ${JSON.stringify(bad)} must be absolute without a fragment: https, http on a loopback host, or a private-use scheme`);
    }
    const client: OAuthClient = { id: input.id, kind: input.kind, redirectUris };
    const secret = input.kind === 'confidential' ? this.secrets.next() : null;
    await this.clients.add(client, secret);
    return { client, secret };
  }
}
