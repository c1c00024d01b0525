import { DomainError } from './errors';

/** An interaction page may not be answered: the sign-in form is shown again. Each subclass names why (its code). */
export abstract class InteractionRefusedError extends DomainError {}

/** The page's uid is unknown, already used, or for another page or client. */
export class InteractionNotFoundError extends InteractionRefusedError {
  readonly code = 'INTERACTION_NOT_FOUND';
  constructor() {
    super('the page is unknown or was answered already');
  }
}

/** The page was answered after its time. */
export class InteractionExpiredError extends InteractionRefusedError {
  readonly code = 'INTERACTION_EXPIRED';
  constructor() {
    super('the page has expired');
  }
}

/** The browser answering is not in the sign-in session the page was shown for. */
export class InteractionSessionMismatchError extends InteractionRefusedError {
  readonly code = 'INTERACTION_SESSION_MISMATCH';
  constructor() {
    super('the page was shown for another sign-in');
  }
}

/** The sign-in session the page was shown for has ended (signed out, locked out) or expired. */
export class InteractionSessionEndedError extends InteractionRefusedError {
  readonly code = 'INTERACTION_SESSION_ENDED';
  constructor() {
    super('the sign-in the page was shown for has ended');
  }
}

/** The user was locked out (disable, passwd, remove) after signing in. */
export class InteractionUserLockedOutError extends InteractionRefusedError {
  readonly code = 'INTERACTION_USER_LOCKED_OUT';
  constructor() {
    super('the user was locked out after signing in');
  }
}

/** The client was removed after the page was shown (perhaps registered again: a new client). */
export class InteractionClientChangedError extends InteractionRefusedError {
  readonly code = 'INTERACTION_CLIENT_CHANGED';
  constructor() {
    super('the client was removed after the page was shown');
  }
}
