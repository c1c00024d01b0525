import { AuthorizationRequestError } from '../../../domain/authorizationErrors';
import type { SignInSession } from '../../../domain/ports/SignInSessionStore';
import type { AuthorizationRequest } from '../authorization/AuthorizationRequest';

/** Why the request needs the sign-in form: no live sign-in session (Authorize.resume), or a check below. */
export type LoginReason = 'no_session' | 'login_prompted' | 'max_age' | 'id_token_hint';

export interface LoginContext {
  readonly request: AuthorizationRequest;
  /** The browser's live sign-in session. */
  readonly session: SignInSession;
  /** Epoch seconds. */
  readonly now: number;
}

type LoginCheck = (context: LoginContext) => LoginReason | null;

/**
 * `prompt=login` asks for a fresh sign-in; `select_account` too: a browser
 * holds one sign-in session at a time, so the form (where another account may
 * sign in, ending the previous session) is the honest way to choose one.
 */
const loginPrompted: LoginCheck = ({ request }) =>
  request.prompts?.some((prompt) => prompt === 'login' || prompt === 'select_account') ? 'login_prompted' : null;

/**
 * `max_age` (OpenID Connect Core §3.1.2.1): a sign-in older than asked (or of
 * unknown age, auth_time 0) does not count; `max_age=0` never lets a
 * remembered one count, even from this very second (as `prompt=login`).
 */
const maxAge: LoginCheck = ({ request, session, now }) =>
  request.maxAge === 0 || now - session.authTime > (request.maxAge ?? Number.POSITIVE_INFINITY) ? 'max_age' : null;

/** `id_token_hint` (checkIdTokenHint) names another user than the one signed in: that user must sign in. */
const hintedUser: LoginCheck = ({ request, session }) =>
  request.idTokenHintSubject !== undefined && request.idTokenHintSubject !== session.user.id ? 'id_token_hint' : null;

/** The checks in order; the first reason found is the answer (oidc-provider's interaction policy, prompt `login`). */
const CHECKS: readonly LoginCheck[] = [loginPrompted, maxAge, hintedUser];

/** What the client hears for each reason when `prompt=none` forbids the form (login_prompted cannot meet none). */
const DESCRIPTIONS: Readonly<Record<LoginReason, string>> = {
  no_session: 'the user must sign in',
  login_prompted: 'the user must sign in again',
  max_age: 'the sign-in is older than max_age',
  id_token_hint: 'the signed-in user is not the id_token_hint subject',
};

/** OpenID Connect Core §3.1.2.6 `login_required`, with the reason the form would have been shown. */
export function loginRequired(reason: LoginReason): AuthorizationRequestError {
  return new AuthorizationRequestError('login_required', DESCRIPTIONS[reason]);
}

/** Why the sign-in form must be shown for this request despite the live session, or null when the session may answer it. */
export function loginReason(context: LoginContext): LoginReason | null {
  for (const check of CHECKS) {
    const reason = check(context);
    if (reason !== null) return reason;
  }
  return null;
}
