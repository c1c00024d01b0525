import type { AuthorizationParameterName, AuthorizationParameters } from '../../../application/oauth/authorization/AuthorizationParameters';
import { AuthorizationRequestError } from '../../../domain/authorizationErrors';
import { resourceList } from '../requestedAccess';
import type { AuthorizationFields } from './signInPage';

/** Every single-valued parameter the checks read; `resource` may be repeated and is read apart. */
const AUTHORIZATION_PARAMETERS: readonly AuthorizationParameterName[] = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge',
  'code_challenge_method',
  'nonce',
  'max_age',
  'acr_values',
  'prompt',
  'login_hint',
  'ui_locales',
  'response_mode',
  'request',
  'request_uri',
  'id_token_hint',
];

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

/** What the pages of the endpoint take from the request besides the request itself. */
export interface PageHints {
  /** OpenID Connect `login_hint`: the username the form starts with; absent when missing or too long. */
  readonly loginHint?: string;
  /** OpenID Connect `ui_locales`, as given (pageLanguage picks from it). */
  readonly uiLocales?: string;
}

/**
 * The query or form as the authorization request's parameters, each read once
 * (a repeated one is `invalid_request` at the trusted redirect URI); what they
 * mean is CheckAuthorizationRequest's to judge.
 */
export function authorizationParametersOf(source: Readonly<Record<string, unknown>>): AuthorizationParameters {
  const parameters: Record<string, unknown> = {};
  for (const name of AUTHORIZATION_PARAMETERS) {
    const value = single(source, name);
    if (value === REPEATED) throw new AuthorizationRequestError('invalid_request', `${name} must be given once`);
    if (value !== undefined) parameters[name] = value;
  }
  const resources = resourceList(Object.prototype.hasOwnProperty.call(source, 'resource') ? source.resource : undefined);
  if (resources === null) throw new AuthorizationRequestError('invalid_request', 'too many or too long resource parameters');
  if (resources !== undefined) parameters.resources = resources;
  return parameters as AuthorizationParameters;
}

/** The request as the pages carry it in hidden fields, for the form's POST to ask again; with the request_uri when it was pushed. */
export function pageFieldsOf(parameters: AuthorizationParameters, clientId: string, redirectUri: string, pushedUri?: string): AuthorizationFields {
  return {
    ...(pushedUri === undefined ? {} : { request_uri: pushedUri }),
    response_type: parameters.response_type ?? 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    state: parameters.state,
    code_challenge: parameters.code_challenge,
    code_challenge_method: parameters.code_challenge_method,
    scope: parameters.scope,
    resource: parameters.resources?.join(' '),
    nonce: parameters.nonce,
    max_age: parameters.max_age,
    acr_values: parameters.acr_values,
    prompt: parameters.prompt,
    ui_locales: parameters.ui_locales,
  };
}

/** The pages' hints: `login_hint` (unless too long for an account name) and `ui_locales`. */
export function pageHintsOf(parameters: AuthorizationParameters): PageHints {
  const { login_hint: loginHint, ui_locales: uiLocales } = parameters;
  return {
    ...(loginHint === undefined || loginHint.length > MAX_LOGIN_HINT_LENGTH ? {} : { loginHint }),
    ...(uiLocales === undefined ? {} : { uiLocales }),
  };
}

/** The redirect URI with the response parameters appended to its own query (RFC 6749 §4.1.2, RFC 9207 `iss`). */
export function redirectWith(redirectUri: string, parameters: Readonly<Record<string, string | undefined>>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.append(name, value);
  return url.toString();
}
