import { AuthorizationRequestError } from '../../../domain/authorizationErrors';
import type { AuthorizationCheck } from './AuthorizationParameters';

/**
 * RFC 9126 §6: a client registered `--require-par` (every client under `AUTH_REQUIRE_PAR=all`) is served only the
 * requests it pushed, so nobody can change or read its parameters on the way through the browser.
 */
export const checkPushedRequest: AuthorizationCheck = ({ client, pushed, par }) => {
  if (!pushed && (par === 'all' || client.requirePar === true)) {
    throw new AuthorizationRequestError('invalid_request', 'this client must push its authorization requests first (PAR: pushed_authorization_request_endpoint)');
  }
};
