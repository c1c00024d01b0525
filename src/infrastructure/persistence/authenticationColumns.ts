import { isAcr, PASSWORD_ONLY, type Authentication, type AuthenticationMethod } from '../../domain/model/AuthenticationLevel';

const METHODS: readonly string[] = ['pwd', 'otp', 'hwk', 'swk', 'mfa'];

/** The `acr` and `amr` columns of an authentication (amr space-separated). */
export function authenticationColumns(authentication: Authentication | undefined): { acr: string | null; amr: string | null } {
  return authentication === undefined ? { acr: null, amr: null } : { acr: authentication.acr, amr: authentication.amr.join(' ') };
}

/**
 * `{ authentication }` as the columns hold it, to spread into what the store
 * answers; nothing for a row from before them (the reader takes that as a
 * password alone), a password alone for one it cannot read.
 */
export function authenticationOfColumns(acr: string | null, amr: string | null): { authentication?: Authentication } {
  if (acr === null || amr === null) return {};
  if (!isAcr(acr)) return { authentication: PASSWORD_ONLY };
  const methods = amr.split(' ').filter((method) => METHODS.includes(method)) as AuthenticationMethod[];
  return { authentication: { acr, amr: methods } };
}
