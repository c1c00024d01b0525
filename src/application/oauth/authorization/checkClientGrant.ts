import { UnauthorizedClientError } from '../../../domain/grantErrors';
import type { AuthorizationCheck } from './AuthorizationParameters';

/**
 * A client not registered for the authorization_code grant (`clients add|update --grant`) is
 * refused first, at its trusted redirect URI (RFC 6749 §4.1.2.1 `unauthorized_client`).
 */
export const checkClientGrant: AuthorizationCheck = ({ client }) => {
  if (!client.grants.includes('authorization_code')) throw new UnauthorizedClientError('authorization_code');
};
