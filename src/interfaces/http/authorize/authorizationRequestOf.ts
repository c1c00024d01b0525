import type { AuthorizationRequest } from '../../../application/oauth/Authorize';
import type { GrantedAccess, RequestedAccess } from '../../../domain/model/GrantedAccess';
import { promptsOf } from '../../../domain/model/Prompt';
import { resourceList, scopeList } from '../requestedAccess';
import type { AuthorizationFields } from './signInPage';

/** An RFC 6749 §4.1.2.1 error to send to the (trusted) redirect URI. */
export class RedirectableError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'unsupported_response_type' | 'login_required' | 'consent_required' | 'access_denied' | 'server_error' | 'temporarily_unavailable',
    readonly description: string,
  ) {
    super(description);
  }
}

/** A parameter given more than once (RFC 6749 §3.1: "MUST NOT be included more than once"). */
export const REPEATED = Symbol('repeated');

const MAX_PARAMETER_LENGTH = 2048;

/** A `login_hint` longer than any account name is no hint worth showing: the form is left empty. */
export const MAX_LOGIN_HINT_LENGTH = 256;

/** One request parameter: absent or empty is undefined, given twice (or as a structure) is REPEATED. */
export function single(source: Readonly<Record<string, unknown>>, name: string): string | undefined | typeof REPEATED {
  const value = Object.prototype.hasOwnProperty.call(source, name) ? source[name] : undefined;
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > MAX_PARAMETER_LENGTH) return REPEATED;
  return value;
}

/** S256 of RFC 7636: BASE64URL of a SHA-256 digest is always 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** What the pages of the endpoint take from the request besides the request itself. */
export interface PageHints {
  /** OpenID Connect `login_hint`: the username the form starts with; absent when missing or too long. */
  readonly loginHint?: string;
  /** OpenID Connect `ui_locales`, as given (pageLanguage picks from it). */
  readonly uiLocales?: string;
}

/**
 * Checks what may only be answered at a trusted redirect URI: response type
 * `code`, a PKCE S256 challenge (required of every client, RFC 9700 §2.1.1),
 * the state (returned unchanged), and the OpenID Connect parameters
 * (§3.1.2.1: `prompt` a list of known values, `max_age` seconds). Throws RedirectableError.
 */
export function authorizationRequestOf(
  source: Readonly<Record<string, unknown>>,
  clientId: string,
  redirectUri: string,
  grant: (requested: RequestedAccess) => GrantedAccess,
): { request: AuthorizationRequest; fields: AuthorizationFields; state: string | undefined; hints: PageHints } {
  const read = (name: string): string | undefined => {
    const value = single(source, name);
    if (value === REPEATED) throw new RedirectableError('invalid_request', `${name} must be given once`);
    return value;
  };
  const state = read('state');
  const responseType = read('response_type');
  if (responseType === undefined) throw new RedirectableError('invalid_request', 'response_type is required');
  if (responseType !== 'code') throw new RedirectableError('unsupported_response_type', 'only response_type=code is supported');
  const codeChallenge = read('code_challenge');
  const method = read('code_challenge_method');
  if (codeChallenge === undefined) throw new RedirectableError('invalid_request', 'code_challenge is required (PKCE, RFC 7636)');
  if (method !== 'S256') throw new RedirectableError('invalid_request', 'code_challenge_method must be S256');
  if (!S256_CHALLENGE.test(codeChallenge)) throw new RedirectableError('invalid_request', 'code_challenge must be 43 base64url characters');
  const scope = read('scope');
  const prompt = read('prompt');
  const prompts = promptsOf(prompt);
  if ('problem' in prompts) throw new RedirectableError('invalid_request', prompts.problem);
  const resources = resourceList(Object.prototype.hasOwnProperty.call(source, 'resource') ? source.resource : undefined);
  if (resources === null) throw new RedirectableError('invalid_request', 'too many or too long resource parameters');
  // After the request's own checks: a refused scope or resource is an error redirect too (RFC 6749 §4.1.2.1, RFC 8707 §2).
  const granted = grant({ scopes: scopeList(scope), resources });
  const resource = resources?.join(' ');
  // OpenID Connect Core §3.1.2.1: echoed in the ID token; a sign-in older than max_age seconds does not count.
  const nonce = read('nonce');
  const maxAgeText = read('max_age');
  if (maxAgeText !== undefined && !/^\d{1,9}$/.test(maxAgeText)) throw new RedirectableError('invalid_request', 'max_age must be a number of seconds');
  const maxAge = maxAgeText === undefined ? undefined : Number(maxAgeText);
  const loginHint = read('login_hint');
  const uiLocales = read('ui_locales');
  return {
    request: {
      clientId,
      redirectUri,
      codeChallenge,
      granted,
      ...(nonce === undefined ? {} : { nonce }),
      ...(maxAge === undefined ? {} : { maxAge }),
      prompts: prompts.prompts,
    },
    fields: {
      response_type: responseType,
      client_id: clientId,
      redirect_uri: redirectUri,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: method,
      scope,
      resource,
      nonce,
      max_age: maxAgeText,
      prompt,
      ui_locales: uiLocales,
    },
    state,
    hints: {
      ...(loginHint === undefined || loginHint.length > MAX_LOGIN_HINT_LENGTH ? {} : { loginHint }),
      ...(uiLocales === undefined ? {} : { uiLocales }),
    },
  };
}

/** The redirect URI with the response parameters appended to its own query (RFC 6749 §4.1.2, RFC 9207 `iss`). */
export function redirectWith(redirectUri: string, parameters: Readonly<Record<string, string | undefined>>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.append(name, value);
  return url.toString();
}

