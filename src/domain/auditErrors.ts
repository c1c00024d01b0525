import { DomainError } from './errors';

/** A page cursor of the audit trail that no page of it ever answered (altered, truncated or from elsewhere). */
export class InvalidAuditCursorError extends DomainError {
  readonly code = 'INVALID_CURSOR';
  constructor() {
    super('the cursor is not one the trail answered');
  }
}
