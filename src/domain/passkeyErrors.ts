import { DomainError } from './errors';

/** A passkey registration that cannot be finished: no challenge for the session, a response that does not verify, a credential held already. */
export class PasskeyRegistrationError extends DomainError {
  readonly code = 'PASSKEY_REGISTRATION';
  constructor(readonly detail?: string) {
    super('the passkey could not be registered');
  }
}
