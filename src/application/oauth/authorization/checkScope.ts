import { adminScopesWithheld } from '../../../domain/model/AdminScope';
import { accessWithin } from '../../../domain/model/GrantedAccess';
import type { AuthorizationCheck } from './AuthorizationParameters';

/**
 * What the request is granted of the client's registered scopes and resources (all of them when it
 * names none); InvalidScopeError or InvalidTargetError beyond them (RFC 6749 §4.1.2.1, RFC 8707 §2).
 * Admin scopes are never granted here: they belong to client_credentials alone.
 */
export const checkScope: AuthorizationCheck = ({ client, parameters }, draft) => {
  // No scope named: every registered one (RFC 6749 §3.3 lets the server pick a default).
  const scopes = parameters.scope?.split(' ').filter((scope) => scope !== '');
  draft.granted = accessWithin(adminScopesWithheld(client), { scopes, resources: parameters.resources });
};
