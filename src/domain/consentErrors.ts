import { DomainError } from './errors';

/** `users revoke-consent` for a client the user never approved (or whose consent already ended). */
export class ConsentNotFoundError extends DomainError {
  readonly code = 'CONSENT_NOT_FOUND';
  constructor(account: string, clientId: string) {
    super(`user ${JSON.stringify(account)} has no consent for client ${JSON.stringify(clientId)}`);
  }
}
