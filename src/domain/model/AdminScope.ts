import type { GrantedAccess, WithheldScopes } from './GrantedAccess';

/** The parts of the admin API, each written under its own scope. */
export const ADMIN_AREAS = ['users', 'clients', 'keys'] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

/** Reads every area (and the audit trail); writes nothing. */
export const ADMIN_READ_SCOPE = 'admin:read';

/** The scope that writes (and reads) one area. */
export function adminScopeOf(area: AdminArea): string {
  return `admin:${area}`;
}

/** Every scope of the admin namespace, known or not: none of them is ever granted to a user's token. */
export function isAdminScope(scope: string): boolean {
  return scope.startsWith('admin:');
}

/** What a token's scopes allow on one area: `admin:read` reads all; an area's scope reads and writes it. The trail is read with admin:read. */
export function adminAllows(scopes: readonly string[], area: AdminArea | 'events', write: boolean): boolean {
  if (area !== 'events' && scopes.includes(adminScopeOf(area))) return true;
  return !write && scopes.includes(ADMIN_READ_SCOPE);
}

export const ADMIN_SCOPES_CLIENT_CREDENTIALS_ONLY = 'admin scopes are granted to a confidential client through client_credentials only';

/**
 * A registration as a grant that issues user tokens honours it (the authorization endpoint, the password
 * grant): admin scopes are not among what it may be granted (a request naming no scope gets the others),
 * and a request naming one is refused with the reason.
 */
export function adminScopesWithheld<T extends GrantedAccess & WithheldScopes>(registration: T): T {
  const admin = registration.scopes.filter(isAdminScope);
  if (admin.length === 0) return registration;
  const withheld = new Map(registration.withheldScopes ?? []);
  for (const scope of admin) withheld.set(scope, ADMIN_SCOPES_CLIENT_CREDENTIALS_ONLY);
  return { ...registration, scopes: registration.scopes.filter((scope) => !isAdminScope(scope)), withheldScopes: withheld };
}
