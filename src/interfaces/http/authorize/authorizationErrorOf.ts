import { AuthorizationRequestError, errorDescription } from '../../../domain/authorizationErrors';
import { InvalidScopeError, InvalidTargetError, UnauthorizedClientError } from '../../../domain/grantErrors';

/** An error response at the trusted redirect URI (RFC 6749 §4.1.2.1): the code and a description within its characters. */
export interface AuthorizationErrorResponse {
  readonly error: string;
  readonly error_description: string;
}

/** The errors the authorization endpoint answers at the redirect URI, by class; anything else is not the client's to hear (500). */
export function authorizationErrorOf(error: unknown): AuthorizationErrorResponse | null {
  const answer = (code: string, description: string) => ({ error: code, error_description: errorDescription(description) });
  if (error instanceof AuthorizationRequestError) return answer(error.error, error.description);
  if (error instanceof UnauthorizedClientError) return answer('unauthorized_client', error.message);
  if (error instanceof InvalidScopeError) return answer('invalid_scope', error.message);
  if (error instanceof InvalidTargetError) return answer('invalid_target', error.message);
  return null;
}
