import type { Container } from 'inversify';
import type { Logger } from '@auth-service/client';
import type { AttemptLimiter } from '../../domain/ports/AttemptLimiter';
import type { AuthServerConfig } from '../../infrastructure/config/AuthServerConfig';
import type { ListAuditEvents } from '../../application/audit/ListAuditEvents';
import type { FindActiveToken } from '../../application/oauth/FindActiveToken';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import { ADMIN_API_PATH } from '../http/admin/adminApiPath';
import { lazyRouter, type LazyRouter } from '../http/lazyRouter';
import { runWithAuditContext } from '../../infrastructure/audit/auditContextStore';
import { TYPES } from './types';

/** The admin API's module, required on its first request: start-up and the login never need its routes. */
function adminRoutes(): typeof import('../http/admin/adminRouter') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('../http/admin/adminRouter') as typeof import('../http/admin/adminRouter');
}

/**
 * The admin HTTP API on the container's use cases (adminModule's, the very ones the CLIs run), or null when
 * AUTH_ADMIN_API=off: nothing is mounted, so every admin route answers 404. Router and use cases are made on
 * the API's first request.
 */
export function adminApiRouter(container: Container, config: Readonly<AuthServerConfig>): LazyRouter | null {
  if (config.adminApi === 'off') return null;
  const get = <T>(id: symbol): T => container.get<T>(id);
  return lazyRouter(() => adminRoutes().adminRouter({
    basePath: `/${config.contextPath}${ADMIN_API_PATH}`,
    tokens: get<FindActiveToken>(TYPES.FindActiveToken),
    limiter: get<AttemptLimiter>(TYPES.AdminApiLimiter),
    users: {
      addUser: get(TYPES.AddUser),
      getUser: get(TYPES.GetUser),
      listUsersPage: get(TYPES.ListUsersPage),
      changeUserStatus: get(TYPES.ChangeUserStatus),
      removeUser: get(TYPES.RemoveUser),
      changePassword: get(TYPES.ChangePassword),
      listConsents: get(TYPES.ListConsents),
      revokeConsent: get(TYPES.RevokeConsent),
      listUserSessions: get(TYPES.ListUserSessions),
      endUserSessions: get(TYPES.EndUserSessions),
    },
    clients: {
      registerClient: get(TYPES.RegisterClient),
      updateClient: get(TYPES.UpdateClient),
      removeClient: get(TYPES.RemoveClient),
      rotateClientSecret: get(TYPES.RotateClientSecret),
      listClientsPage: get(TYPES.ListClientsPage),
      clients: get<OAuthClientStore>(TYPES.OAuthClientStore),
    },
    keys: {
      listSigningKeys: get(TYPES.ListSigningKeys),
      ensureSigningKeys: get(TYPES.EnsureSigningKeys),
      rotateSigningKey: get(TYPES.RotateSigningKey),
      revokeSigningKey: get(TYPES.RevokeSigningKey),
      signing: { method: config.signMethod, alg: config.signAlg },
    },
    listEvents: () => get<ListAuditEvents>(TYPES.ListAuditEvents),
    logger: get<Logger>(TYPES.Logger),
    runWithAuditContext,
  }));
}
