import { randomBytes, timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import type { Authorize } from '../../../application/Authorize';
import { DomainError, InvalidCredentialsError, LoginInputIncompleteError } from '../../../domain/errors';
import { UntrustedRedirectError } from '../../../domain/grantErrors';
import { authorizationRequestOf, RedirectableError, redirectWith, REPEATED, single } from './authorizationRequestOf';
import { cookieOf, setCookie } from './cookies';
import { errorPage, signInPage, type AuthorizationFields } from './signInPage';

export const SESSION_COOKIE = 'auth_session';
export const CSRF_COOKIE = 'auth_csrf';

export interface AuthorizeRouterOptions {
  readonly contextPath: string;
  /** The issuer, returned as `iss` with every response (RFC 9207). */
  readonly issuer: () => string;
  readonly sessionSeconds: number;
}

/**
 * `GET|POST <context>/oauth/authorize` (RFC 6749 §4.1, RFC 7636): answers at
 * once with a code when the browser's sign-in session is live, otherwise
 * renders the sign-in form (no JavaScript needed) and, on its POST, signs the
 * user in and redirects back with a code. An unknown client or unregistered
 * redirect URI gets an error page, never a redirect; every other error goes to
 * the redirect URI with `state` (§4.1.2.1). The form is protected by a
 * double-submit token (an HttpOnly SameSite=Strict cookie that must equal the
 * hidden field) and may not be framed (CSP frame-ancestors 'none',
 * X-Frame-Options DENY from the app's security headers).
 */
export function authorizeRouter(authorize: Authorize, options: AuthorizeRouterOptions): Router {
  const router = Router();
  const base = `/${options.contextPath}`;
  const staticBase = `${base}/static`;
  const csrfPath = `${base}/oauth/authorize`;

  router.use((_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    next();
  });

  const handle = (source: (req: Request) => Readonly<Record<string, unknown>>, post: boolean) => async (req: Request, res: Response) => {
    const parameters = source(req);
    let trusted: { redirectUri: string };
    try {
      const clientId = single(parameters, 'client_id');
      const redirectUri = single(parameters, 'redirect_uri');
      if (clientId === REPEATED || redirectUri === REPEATED) throw new UntrustedRedirectError('client_id and redirect_uri must be given once');
      trusted = await authorize.trustedRedirect(clientId, redirectUri);
    } catch (error) {
      if (!(error instanceof UntrustedRedirectError)) throw error;
      res.status(400).type('html').send(errorPage(error.message, staticBase));
      return;
    }
    const state = typeof parameters.state === 'string' ? parameters.state : undefined;
    const answer = (values: Record<string, string | undefined>, status = 302) =>
      res.redirect(status, redirectWith(trusted.redirectUri, { ...values, state, iss: options.issuer() }));
    try {
      const clientId = String(parameters.client_id);
      const { request, fields, prompt } = authorizationRequestOf(parameters, clientId, trusted.redirectUri);
      if (!post) {
        const code = prompt === 'login' ? null : await authorize.resume(request, cookieOf(req, SESSION_COOKIE));
        if (code !== null) return answer({ code });
        if (prompt === 'none') throw new RedirectableError('login_required', 'the user is not signed in');
        return showForm(req, res, fields, undefined, 200);
      }
      if (!csrfMatches(cookieOf(req, CSRF_COOKIE), parameters.csrf_token)) {
        return showForm(req, res, fields, 'The sign-in form expired. Please sign in again.', 403);
      }
      const username = typeof parameters.username === 'string' ? parameters.username : '';
      const password = typeof parameters.password === 'string' ? parameters.password : '';
      try {
        const signedIn = await authorize.signIn(request, { username, password, address: req.ip ?? req.socket.remoteAddress });
        if (signedIn.sessionToken !== null) {
          setCookie(req, res, SESSION_COOKIE, signedIn.sessionToken, { path: `${base}/oauth`, sameSite: 'Lax', maxAge: options.sessionSeconds });
        }
        // 303: the browser follows with a GET, never re-posting the password.
        return answer({ code: signedIn.code }, 303);
      } catch (error) {
        if (error instanceof InvalidCredentialsError || error instanceof LoginInputIncompleteError) {
          return showForm(req, res, fields, 'Invalid username or password.', 400, username);
        }
        const code = error instanceof DomainError ? error.code : null;
        if (code === 'TOO_MANY_LOGIN_ATTEMPTS' || code === 'PASSWORD_HASHING_BUSY' || code === 'KEY_UNAVAILABLE') {
          const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds ?? 1;
          res.set('Retry-After', String(retryAfter));
          return showForm(req, res, fields, 'Too many sign-in attempts or the service is busy. Please try again later.', code === 'TOO_MANY_LOGIN_ATTEMPTS' ? 429 : 503, username);
        }
        throw error;
      }
    } catch (error) {
      if (error instanceof RedirectableError) return answer({ error: error.error, error_description: error.description });
      throw error;
    }
  };

  function showForm(req: Request, res: Response, fields: AuthorizationFields, error: string | undefined, status: number, username?: string): void {
    // A fresh token per form: a token read from one page cannot be replayed with another cookie.
    const csrfToken = randomBytes(32).toString('base64url');
    setCookie(req, res, CSRF_COOKIE, csrfToken, { path: csrfPath, sameSite: 'Strict' });
    const target = new URL(fields.redirect_uri);
    // The form posts here, then the browser is redirected to the client: CSP form-action covers both.
    const redirectSource = target.protocol === 'http:' || target.protocol === 'https:' ? target.origin : target.protocol;
    res.set(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' ${redirectSource}; frame-ancestors 'none'; base-uri 'none'`,
    );
    res.status(status).type('html').send(signInPage({ fields, csrfToken, clientId: fields.client_id, username, error, staticBase }));
  }

  router.get('/', (req, res, next) => {
    handle((r) => r.query as Record<string, unknown>, false)(req, res).catch(next);
  });
  router.post('/', express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 }), (req, res, next) => {
    handle((r) => (r.body ?? {}) as Record<string, unknown>, true)(req, res).catch(next);
  });
  return router;
}

/** `POST <context>/oauth/signout`: ends the browser's sign-in session (the next authorization shows the form). */
export function signOutRouter(authorize: Authorize, options: Pick<AuthorizeRouterOptions, 'contextPath'>): Router {
  const router = Router();
  const base = `/${options.contextPath}`;
  router.post('/', (req, res, next) => {
    authorize
      .signOut(cookieOf(req, SESSION_COOKIE))
      .then(() => {
        setCookie(req, res, SESSION_COOKIE, '', { path: `${base}/oauth`, sameSite: 'Lax', maxAge: 0 });
        res.set({ 'Cache-Control': 'no-store' }).status(204).end();
      })
      .catch(next);
  });
  return router;
}

function csrfMatches(cookie: string | undefined, field: unknown): boolean {
  if (cookie === undefined || typeof field !== 'string' || field.length !== cookie.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(field));
}
