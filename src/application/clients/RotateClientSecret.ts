import { InvalidRequestError } from '../../domain/errors';
import { ClientNotFoundError } from '../../domain/grantErrors';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import { authenticatesWithKeys } from '../../domain/model/OAuthClient';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { SecretGenerator } from '../../domain/ports/SecretGenerator';

export interface RotateClientSecretInput {
  readonly id: string;
}

export interface RotateClientSecretResult {
  /** The new secret, shown once; the store keeps only its digest. */
  readonly secret: string;
}

/**
 * Gives a stored confidential client a newly generated 256-bit secret. The old
 * one is refused from the moment the store is written: every secret check
 * reads the store. Throws ClientNotFoundError, or InvalidRequestError for a
 * public client or one registered with keys (neither has a secret).
 */
export class RotateClientSecret {
  constructor(
    private readonly clients: Pick<OAuthClientStore, 'find' | 'replaceSecret'>,
    private readonly secrets: SecretGenerator,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: RotateClientSecretInput): Promise<RotateClientSecretResult> {
    const client = await this.clients.find(input.id);
    if (client === null) throw new ClientNotFoundError(input.id);
    if (client.kind !== 'confidential') throw new InvalidRequestError(`client ${JSON.stringify(input.id)} is public: it has no secret`);
    if (authenticatesWithKeys(client)) {
      throw new InvalidRequestError(`client ${JSON.stringify(input.id)} authenticates with private_key_jwt: it has no secret; change its keys with clients update --jwks or --jwks-uri`);
    }
    const secret = this.secrets.next();
    // Removed (or made public) since the read: no secret was stored, so none is shown.
    if (!(await this.clients.replaceSecret(input.id, secret))) throw new ClientNotFoundError(input.id);
    // That it was rotated, never the secret.
    this.trail.record({ type: 'client.secret_rotated', outcome: 'success', client: input.id, details: {} });
    return { secret };
  }
}
