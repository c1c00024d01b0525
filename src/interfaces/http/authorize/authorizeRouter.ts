import express, { Router, type Request, type Response } from 'express';
import { pageLanguage, type FormError, type FormLanguage } from './signInFormText';
import type { Authorize } from '../../../application/oauth/Authorize';
import type { EndSession } from '../../../application/oauth/EndSession';
import type { ConsentNeeded, EnrolmentNeeded, Interaction, SecondFactorNeeded } from '../../../application/oauth/authorization/AuthorizationRequest';
import type { CheckAuthorizationRequest } from '../../../application/oauth/authorization/CheckAuthorizationRequest';
import type { AuthorizationParameters } from '../../../application/oauth/authorization/AuthorizationParameters';
import type { UsePushedRequest } from '../../../application/oauth/authorization/UsePushedRequest';
import { InvalidRequestUriError } from '../../../domain/authorizationErrors';
import { isPushedRequestUri } from '../../../domain/model/PushedAuthorizationRequest';
import type { OAuthClient } from '../../../domain/model/OAuthClient';
import { UntrustedRedirectError } from '../../../domain/grantErrors';
import { InteractionRefusedError } from '../../../domain/interactionErrors';
import { authorizationParametersOf, pageFieldsOf, pageHintsOf, redirectWith, REPEATED, single } from './authorizationRequestOf';
import { redirectErrorOf, sendErrorRedirect } from '../errors/errorRedirect';
import { pageAnswerOf, sendErrorPage } from '../errors/errorPage';
import { signInFailureOf } from './signInFailureOf';
import { cookieName, cookieOf, ourCookieValues, sessionCookiePath, setCookie, type CookieScope } from './cookies';
import { errorPage, signInPage, type AuthorizationFields } from './signInPage';
import { SignInFormTokens } from './signInFormTokens';
import { consentPage } from './consentPage';
import { enrolFactorPage, recoveryCodesPage, secondFactorPage } from './secondFactorPages';
import { passkeyForm } from './passkeyForm';
import { PASSKEY_SIGN_IN, passkeyAnswerOf, type PasskeySignInOffer } from './passkeyAnswer';
import type { SignedIn } from '../../../application/oauth/authorization/AuthorizationRequest';

export const SESSION_COOKIE = 'auth_session';
export const CSRF_COOKIE = 'auth_csrf';

export interface AuthorizeRouterOptions {
  readonly contextPath: string;
  /** The issuer, returned as `iss` with every response (RFC 9207). */
  readonly issuer: () => string;
  readonly sessionSeconds: number;
  /** The shared store's key for the form's CSRF token (EnsureSignInFormKey): the same on every instance. */
  readonly formKey: string;
  /** WebAuthn request options for the second-factor page `interactionId` (its challenge kept); null when the user holds no passkey. */
  readonly passkeyOptions: (interactionId: string, userId: string) => Promise<unknown>;
  /** A passkey challenge for a sign-in page (a passkey alone, discoverable credential); null when the issuer cannot hold passkeys. */
  readonly passkeySignIn: () => Promise<PasskeySignInOffer | null>;
}

/**
 * Over TLS when the request came over it or the issuer is https (behind a
 * proxy AUTH_TRUST_PROXY may not say so, but the browser is on https).
 */
function scopeOf(req: Request, issuer: () => string, path: string): CookieScope {
  return { secure: req.secure || issuer().startsWith('https:'), path };
}

/** The sign-in and consent pages' own fields: a POST carrying none of them is an authorization request, not a page's answer. */
const PAGE_FIELDS = ['csrf_token', 'consent_ticket', 'factor_ticket', 'enrol_ticket', 'passkey_ticket', 'otp', 'passkey', 'username', 'password'];

function isPageSubmission(body: Readonly<Record<string, unknown>>): boolean {
  return PAGE_FIELDS.some((name) => Object.prototype.hasOwnProperty.call(body, name));
}

/** The second-factor pages' ticket fields and the interaction kind each names. */
const FACTOR_TICKETS = [
  ['factor_ticket', 'second_factor'],
  ['enrol_ticket', 'enrol_factor'],
] as const;

/**
 * The authorization request again, once the factor is enrolled: the session
 * now holds the level reached, so the request is let through. `prompt` and
 * `max_age` are left out: the sign-in they asked for has just happened.
 */
function continueUrlOf(fields: AuthorizationFields): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && name !== 'prompt' && name !== 'max_age') query.append(name, value);
  return `authorize?${query.toString()}`;
}

/**
 * `GET|POST <context>/oauth/authorize` (RFC 6749 §4.1, RFC 7636, OpenID
 * Connect Core §3.1.2; a form POST without the pages' fields is read as its
 * GET, §3.1.2.1; `client_id` + a pushed `request_uri`, RFC 9126 §4, is read as the
 * pushed request alone, used once: UsePushedRequest, `invalid_request_uri` on a page otherwise):
 * the request's checks (CheckAuthorizationRequest), then answers at once with a code when the browser's
 * sign-in session is live and the request needs no page, otherwise renders
 * the sign-in form (no JavaScript needed; `prompt=login`, `select_account`
 * and `max_age` ask for it too) and, on its POST, signs the user in. A
 * third-party client then gets the consent page before its first code for the
 * user and scopes (`prompt=consent` asks again); its POST approves (a code)
 * or denies (`access_denied`), once, in the sign-in session it was shown for
 * (Interactions: otherwise the sign-in form again, 403). `prompt=none` never shows a page:
 * the use case answers `login_required` or `consent_required` instead. An unknown client or
 * unregistered redirect URI gets an error page, never a redirect; every other
 * error goes to the redirect URI with `state` and `iss` (§4.1.2.1). Both
 * pages are protected by a signed token (an HttpOnly SameSite=Strict cookie
 * holding a nonce, the hidden field its MAC over the request and, on the
 * consent page, the page's interaction uid: SignInFormTokens) and may not
 * be framed (CSP frame-ancestors 'none', X-Frame-Options DENY from the app's
 * security headers). A new sign-in ends the browser's previous session.
 * After the password, a user with a second factor (or a request or client
 * wanting more than a password: `acr_values`, `--require-acr`) gets the
 * second-factor page, a user without one the TOTP enrolment page; both are
 * interaction pages like consent (one use, bound to the sign-in session, CSRF).
 */
export function authorizeRouter(authorize: Authorize, checkRequest: CheckAuthorizationRequest, usePushed: Pick<UsePushedRequest, 'execute'>, options: AuthorizeRouterOptions): Router {
  const router = Router();
  const base = `/${options.contextPath}`;
  const staticBase = `${base}/static`;
  const csrfPath = `${base}/oauth/authorize`;
  const sessionPath = sessionCookiePath(base);
  const formTokens = new SignInFormTokens(options.formKey);

  router.use((_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    next();
  });

  const handle = async (req: Request, res: Response, received: Readonly<Record<string, unknown>>, submission: boolean) => {
    let trusted: Awaited<ReturnType<CheckAuthorizationRequest['trustedRedirect']>>;
    let parameters = received;
    // RFC 9126: a request_uri of ours stands for the pushed parameters; nothing else of the front channel is read.
    const requestUri = single(received, 'request_uri');
    const pushedUri = typeof requestUri === 'string' && isPushedRequestUri(requestUri) ? requestUri : undefined;
    let pushed: AuthorizationParameters | undefined;
    try {
      if (pushedUri !== undefined && !submission) {
        const clientId = single(received, 'client_id');
        pushed = await usePushed.execute({ clientId: typeof clientId === 'string' ? clientId : undefined, requestUri: pushedUri });
        parameters = pushed;
      }
      const clientId = single(parameters, 'client_id');
      const redirectUri = single(parameters, 'redirect_uri');
      if (clientId === REPEATED || redirectUri === REPEATED) throw new UntrustedRedirectError('client_id and redirect_uri must be given once');
      trusted = await checkRequest.trustedRedirect(clientId, redirectUri);
    } catch (error) {
      // RFC 6749 §4.1.2.1: an unknown client or unregistered redirect URI gets a page, never a redirect.
      const answer = error instanceof UntrustedRedirectError || error instanceof InvalidRequestUriError ? pageAnswerOf(error) : null;
      if (answer === null) throw error;
      const language = pageLanguage(typeof parameters.ui_locales === 'string' ? parameters.ui_locales : undefined, req.headers['accept-language']);
      return sendErrorPage(res, answer, errorPage((error as Error).message, staticBase, language));
    }
    const state = typeof parameters.state === 'string' ? parameters.state : undefined;
    const answer = (values: Record<string, string | undefined>, status = 302) =>
      res.redirect(status, redirectWith(trusted.redirectUri, { ...values, state, iss: options.issuer() }));
    try {
      // A page's own POST carries a pushed request back in its fields, the request_uri among them, all bound by the page's MAC (checked below).
      const read = pushed ?? withoutRequestUri(authorizationParametersOf(parameters), pushedUri);
      const request = checkRequest.execute(trusted.client, trusted.redirectUri, read, pushedUri !== undefined);
      const fields = pageFieldsOf(read, trusted.client.id, trusted.redirectUri, pushedUri);
      const hints = pageHintsOf(read);
      const language = pageLanguage(hints.uiLocales, req.headers['accept-language']);
      // A code goes back; otherwise the page the use case asks for (prompt=none never gets here: it throws).
      const proceed = (next: Interaction, status: number) => {
        if (next.kind === 'code') return answer({ code: next.code }, status);
        if (next.kind === 'login') return showForm(req, res, trusted.client, fields, undefined, 200, language, hints.loginHint);
        if (next.kind === 'consent') return showConsent(req, res, trusted.client, fields, next, request.granted.scopes, language);
        return showFactorPage(req, res, fields, next, language);
      };
      if (!submission) {
        const session = cookieOf(req, cookieName(SESSION_COOKIE, scopeOf(req, options.issuer, sessionPath)));
        return proceed(await authorize.resume(trusted.client, request, session), 302);
      }
      const csrfCookie = cookieOf(req, cookieName(CSRF_COOKIE, scopeOf(req, options.issuer, csrfPath)));
      if (parameters.consent_ticket !== undefined) {
        const uid = parameters.consent_ticket;
        if (typeof uid !== 'string' || !formTokens.matches(csrfCookie, parameters.csrf_token, fields, ['consent', uid])) return showForm(req, res, trusted.client, fields, 'expired', 403, language);
        // The page answers once, in the sign-in session it was shown for (Interactions); a refused one gets the form again.
        const consentAnswer = { uid, session: cookieOf(req, cookieName(SESSION_COOKIE, scopeOf(req, options.issuer, sessionPath))) ?? null };
        try {
          // Only the approve button approves; anything else the page did not send is no approval (RFC 6749 §4.1.2.1).
          if (parameters.consent !== 'approve') {
            await authorize.deny(trusted.client, consentAnswer);
            return sendErrorRedirect(res, trusted.redirectUri, { error: 'access_denied', description: 'the user denied the request' }, state, options.issuer(), 303);
          }
          return answer({ code: await authorize.approve(trusted.client, request, consentAnswer) }, 303);
        } catch (error) {
          if (error instanceof InteractionRefusedError) return showForm(req, res, trusted.client, fields, 'expired', 403, language);
          throw error;
        }
      }
      for (const [field, kind] of FACTOR_TICKETS) {
        if (parameters[field] === undefined) continue;
        const uid = parameters[field];
        if (typeof uid !== 'string' || !formTokens.matches(csrfCookie, parameters.csrf_token, fields, [kind, uid])) return showForm(req, res, trusted.client, fields, 'expired', 403, language);
        const factorAnswer = {
          uid,
          session: cookieOf(req, cookieName(SESSION_COOKIE, scopeOf(req, options.issuer, sessionPath))) ?? null,
          code: typeof parameters.otp === 'string' ? parameters.otp.slice(0, 64) : '',
          address: req.ip ?? req.socket.remoteAddress,
          ...passkeyAnswerOf(parameters.passkey),
        };
        try {
          if (kind === 'second_factor') return proceed(await authorize.proveSecondFactor(trusted.client, request, factorAnswer), 303);
          const enrolled = await authorize.confirmEnrolment(trusted.client, factorAnswer);
          if (enrolled.kind === 'enrol_factor') return showFactorPage(req, res, fields, enrolled, language);
          return res.status(200).type('html').send(recoveryCodesPage({ codes: enrolled.recoveryCodes, continueUrl: continueUrlOf(fields), language, staticBase }));
        } catch (error) {
          if (error instanceof InteractionRefusedError) return showForm(req, res, trusted.client, fields, 'expired', 403, language);
          throw error;
        }
      }
      // The sign-in page's passkey form: a passkey alone, its challenge kept under the page's ticket.
      if (parameters.passkey_ticket !== undefined) {
        const ticket = parameters.passkey_ticket;
        if (typeof ticket !== 'string' || !formTokens.matches(csrfCookie, parameters.csrf_token, fields, [PASSKEY_SIGN_IN, ticket])) return showForm(req, res, trusted.client, fields, 'expired', 403, language);
        const { passkey = null } = passkeyAnswerOf(parameters.passkey);
        const address = req.ip ?? req.socket.remoteAddress;
        return signInAnd(req, res, trusted.client, fields, language, proceed, (previous) =>
          authorize.signInWithPasskey(trusted.client, request, { assertion: { interactionId: ticket, response: passkey }, ...(address === undefined ? {} : { address }) }, previous),
        );
      }
      if (!formTokens.matches(csrfCookie, parameters.csrf_token, fields)) {
        return showForm(req, res, trusted.client, fields, 'expired', 403, language);
      }
      const username = typeof parameters.username === 'string' ? parameters.username : '';
      const password = typeof parameters.password === 'string' ? parameters.password : '';
      return signInAnd(req, res, trusted.client, fields, language, proceed, (previous) =>
        authorize.signIn(trusted.client, request, { username, password, address: req.ip ?? req.socket.remoteAddress }, previous), username);
    } catch (error) {
      const refusal = redirectErrorOf(error);
      if (refusal === null) throw error;
      return sendErrorRedirect(res, trusted.redirectUri, refusal, state, options.issuer());
    }
  };

  /**
   * The page's CSRF cookie (a fresh nonce per page) and its Content-Security-Policy; answers the token for the
   * page's hidden field, and `tokenFor` a second form's on the same page (bound to what else that form carries).
   */
  function protectPage(req: Request, res: Response, fields: AuthorizationFields, also: readonly string[] = [], scripts = false): { csrfToken: string; tokenFor: (other: readonly string[]) => string } {
    // A fresh nonce per page: a token read from one page fits neither another cookie nor another request.
    const { cookie, field: csrfToken } = formTokens.issue(fields, also);
    setCookie(res, CSRF_COOKIE, scopeOf(req, options.issuer, csrfPath), cookie, { sameSite: 'Strict' });
    const target = new URL(fields.redirect_uri);
    // The form posts here, then the browser is redirected to the client: CSP form-action covers both.
    const redirectSource = target.protocol === 'http:' || target.protocol === 'https:' ? target.origin : target.protocol;
    res.set(
      'Content-Security-Policy',
      `default-src 'none';${scripts ? " script-src 'self';" : ''} style-src 'self'; img-src 'self'; font-src 'self'; form-action 'self' ${redirectSource}; frame-ancestors 'none'; base-uri 'none'`,
    );
    return { csrfToken, tokenFor: (other) => formTokens.fieldFor(cookie, fields, other) };
  }

  function showConsent(req: Request, res: Response, app: OAuthClient, fields: AuthorizationFields, next: ConsentNeeded, scopes: readonly string[], language: FormLanguage): void {
    const { csrfToken } = protectPage(req, res, fields, ['consent', next.uid]);
    res.status(200).type('html').send(consentPage({ fields, csrfToken, ticket: next.uid, clientId: fields.client_id, app, account: next.user.account, scopes, language, staticBase }));
  }

  /** The second-factor or enrolment page; a refused code shows it again with its status (429 and Retry-After past the limits). */
  async function showFactorPage(req: Request, res: Response, fields: AuthorizationFields, next: SecondFactorNeeded | EnrolmentNeeded, language: FormLanguage): Promise<void> {
    const passkeyOptions = next.kind === 'second_factor' ? await options.passkeyOptions(next.uid, next.user.id) : null;
    const { csrfToken } = protectPage(req, res, fields, [next.kind, next.uid], passkeyOptions !== null);
    const { refusal } = next;
    if (refusal?.retryAfterSeconds !== undefined) res.set('Retry-After', String(refusal.retryAfterSeconds));
    const status = refusal === undefined ? 200 : refusal.error === 'busy' ? 429 : 400;
    const model = { fields, csrfToken, ticket: next.uid, account: next.user.account, language, staticBase, ...(refusal === undefined ? {} : { error: refusal.error }) };
    const passkey = passkeyOptions === null ? '' : passkeyForm({ purpose: 'second_factor', fields, csrfToken, ticket: next.uid, options: passkeyOptions, language, staticBase });
    const page = next.kind === 'second_factor' ? secondFactorPage(model, passkey) : enrolFactorPage({ ...model, ...next.enrolment });
    res.status(status).type('html').send(page);
  }

  /**
   * A sign-in (the password form's, or a passkey alone): the browser's previous
   * sessions end, the new one's cookie is set, then the next page or the code;
   * a refusal shows the form again with its message (`passkey` for a passkey
   * refused, the same whatever the reason), status and Retry-After.
   */
  async function signInAnd(
    req: Request,
    res: Response,
    app: OAuthClient,
    fields: AuthorizationFields,
    language: FormLanguage,
    proceed: (next: Interaction, status: number) => unknown,
    attempt: (previous: readonly string[]) => Promise<SignedIn>,
    username?: string,
  ): Promise<unknown> {
    try {
      const sessionScope = scopeOf(req, options.issuer, sessionPath);
      // Every session cookie the browser sent ends (a duplicate included): none outlives the new sign-in.
      const signedIn = await attempt(ourCookieValues(req, cookieName(SESSION_COOKIE, sessionScope)));
      if (signedIn.sessionToken !== null) setCookie(res, SESSION_COOKIE, sessionScope, signedIn.sessionToken, { sameSite: 'Lax', maxAge: options.sessionSeconds });
      // 303: the browser follows with a GET, never re-posting the password.
      return proceed(signedIn.next, 303);
    } catch (error) {
      const failure = signInFailureOf(error);
      if (failure === null) throw error;
      if (failure.retryAfterSeconds !== undefined) res.set('Retry-After', String(failure.retryAfterSeconds));
      const form = username === undefined && failure.form === 'invalid' ? 'passkey' : failure.form;
      return showForm(req, res, app, fields, form, failure.status, language, username);
    }
  }

  /** The sign-in form and, where the issuer can hold passkeys, its passkey form (its own token, bound to the challenge's ticket). */
  async function showForm(req: Request, res: Response, app: OAuthClient, fields: AuthorizationFields, error: FormError | undefined, status: number, language: FormLanguage, username?: string): Promise<void> {
    const offer = await options.passkeySignIn();
    const { csrfToken, tokenFor } = protectPage(req, res, fields, [], offer !== null);
    const passkey = offer === null ? '' : passkeyForm({ purpose: 'sign_in', fields, csrfToken: tokenFor([PASSKEY_SIGN_IN, offer.ticket]), ticket: offer.ticket, options: offer.options, language, staticBase });
    res.status(status).type('html').send(signInPage({ fields, csrfToken, clientId: fields.client_id, clientName: app.name, username, error, staticBase, language }, passkey));
  }

  router.get('/', (req, res, next) => {
    handle(req, res, req.query as Record<string, unknown>, false).catch(next);
  });
  router.post('/', express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 24 }), (req, res, next) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    handle(req, res, body, isPageSubmission(body)).catch(next);
  });
  return router;
}

/** The parameters without the request_uri of a pushed request they were made from (another form stays, for checkRequestObject to refuse). */
function withoutRequestUri(parameters: AuthorizationParameters, pushedUri: string | undefined): AuthorizationParameters {
  if (pushedUri === undefined) return parameters;
  const { request_uri: _used, ...rest } = parameters;
  return rest;
}

/** `POST <context>/oauth/signout`: ends the browser's sign-in session (the next authorization shows the form; its clients are told). */
export function signOutRouter(endSession: Pick<EndSession, 'signOut'>, options: Pick<AuthorizeRouterOptions, 'contextPath' | 'issuer'>): Router {
  const router = Router();
  const sessionPath = sessionCookiePath(`/${options.contextPath}`);
  router.post('/', (req, res, next) => {
    const scope = scopeOf(req, options.issuer, sessionPath);
    // Every session cookie sent ends, a duplicate included (none is picked by order).
    endSession
      .signOut(ourCookieValues(req, cookieName(SESSION_COOKIE, scope)))
      .then(() => {
        setCookie(res, SESSION_COOKIE, scope, '', { sameSite: 'Lax', maxAge: 0 });
        res.set({ 'Cache-Control': 'no-store' }).status(204).end();
      })
      .catch(next);
  });
  return router;
}
