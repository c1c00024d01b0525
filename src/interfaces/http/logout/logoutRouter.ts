import express, { Router, type Request, type Response } from 'express';
import { LogoutRequestRefusedError, type EndSession, type EndSessionResult } from '../../../application/oauth/EndSession';
import { SESSION_COOKIE } from '../authorize/authorizeRouter';
import { cookieName, cookieOf, ourCookieValues, sessionCookiePath, setCookie, type CookieScope } from '../authorize/cookies';
import { LogoutFormTokens, type LogoutFields } from './LogoutFormTokens';
import { confirmPage, logoutRefusedPage, signedOutPage } from './logoutPages';
import { logoutLanguage } from './logoutText';
import { pageAnswerOf, sendErrorPage } from '../errors/errorPage';

export const LOGOUT_CSRF_COOKIE = 'auth_logout_csrf';

export interface LogoutRouterOptions {
  readonly contextPath: string;
  readonly issuer: () => string;
  /** The shared store's form key (EnsureSignInFormKey), used under the logout form's own purpose. */
  readonly formKey: string;
}

/** The RP's request (§2) and what our confirmation form posts back. */
const REQUEST_PARAMETERS = ['id_token_hint', 'client_id', 'post_logout_redirect_uri', 'state', 'ui_locales', 'logout_hint'] as const;
const CONFIRM_PARAMETERS = ['client_id', 'post_logout_redirect_uri', 'state', 'ui_locales'] as const;
type Parameters = Partial<Record<(typeof REQUEST_PARAMETERS)[number], string>>;
/** An ID token with many claims runs to a few kilobytes; nothing else here comes near 2 KiB. */
const MAX_LENGTH = { id_token_hint: 8192, other: 2048 };

/**
 * `GET|POST <context>/oauth/logout`: OpenID Connect RP-Initiated Logout 1.0
 * (the end_session_endpoint), and `POST <context>/oauth/logout/confirm`, the
 * user's answer to our confirmation page. EndSession decides; this router
 * reads the parameters (each at most once; empty is absent), ends the
 * browser's session cookie, renders the pages (English or Chinese by
 * `ui_locales`, else Accept-Language; never cached; the confirmation not
 * framable and CSRF-protected as the sign-in form is) and redirects 303 only
 * to the post-logout redirect URI EndSession vouched for, with `state`.
 * A cross-site form POST carries no SameSite=Lax session cookie: such a POST
 * is sent once to the GET form of the same request, which does.
 */
export function logoutRouter(endSession: EndSession, options: LogoutRouterOptions): Router {
  const router = Router();
  const base = `/${options.contextPath}`;
  const staticBase = `${base}/static`;
  const endpoint = `${base}/oauth/logout`;
  const sessionPath = sessionCookiePath(base);
  const formTokens = new LogoutFormTokens(options.formKey);
  const scopeOf = (req: Request, path: string): CookieScope => ({ secure: req.secure || options.issuer().startsWith('https:'), path });

  router.use((_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    next();
  });

  const handle = async (req: Request, res: Response, raw: Readonly<Record<string, unknown>>, kind: 'get' | 'post' | 'confirm') => {
    const language = logoutLanguage(typeof raw.ui_locales === 'string' ? raw.ui_locales : undefined, req.headers['accept-language']);
    try {
      const parameters = parametersOf(raw, kind === 'confirm' ? CONFIRM_PARAMETERS : REQUEST_PARAMETERS);
      const sessionScope = scopeOf(req, sessionPath);
      const browserSessions = ourCookieValues(req, cookieName(SESSION_COOKIE, sessionScope));
      if (kind === 'post' && browserSessions.length === 0) {
        return res.redirect(303, `${endpoint}?${new URLSearchParams(parameters as Record<string, string>).toString()}`);
      }
      const fields = fieldsOf(parameters);
      const csrfScope = scopeOf(req, endpoint);
      const confirmed = kind === 'confirm' && formTokens.matches(cookieOf(req, cookieName(LOGOUT_CSRF_COOKIE, csrfScope)), raw.csrf_token, fields);
      const result = await endSession.execute({
        ...(parameters.id_token_hint === undefined ? {} : { idTokenHint: parameters.id_token_hint }),
        ...(parameters.client_id === undefined ? {} : { clientId: parameters.client_id }),
        ...(parameters.post_logout_redirect_uri === undefined ? {} : { postLogoutRedirectUri: parameters.post_logout_redirect_uri }),
        browserSessions,
        confirmedByUser: confirmed,
      });
      if (result.outcome === 'confirm') return showConfirmation(req, res, result, parameters, kind === 'confirm' ? 403 : 200, language);
      setCookie(res, SESSION_COOKIE, sessionScope, '', { sameSite: 'Lax', maxAge: 0 });
      if (kind === 'confirm') setCookie(res, LOGOUT_CSRF_COOKIE, csrfScope, '', { sameSite: 'Strict', maxAge: 0 });
      if (result.postLogoutRedirectUri !== null) return res.redirect(303, withState(result.postLogoutRedirectUri, parameters.state));
      const app = result.clientId === null ? null : (result.clientName ?? result.clientId);
      return res.status(200).type('html').send(signedOutPage(language, staticBase, app));
    } catch (error) {
      // RP-Initiated Logout §4: a refused request gets a page (the table's status), no redirect; anything else is a fault.
      const answer = error instanceof LogoutRequestRefusedError ? pageAnswerOf(error) : null;
      if (answer === null) throw error;
      return sendErrorPage(res, answer, logoutRefusedPage(error instanceof Error ? error.message : '', language, staticBase));
    }
  };

  function showConfirmation(req: Request, res: Response, result: EndSessionResult, parameters: Parameters, status: number, language: ReturnType<typeof logoutLanguage>): void {
    // Only what EndSession vouched for travels on: the hint is not repeated, an unchecked URI is dropped.
    const fields = fieldsOf({
      client_id: result.clientId ?? undefined,
      post_logout_redirect_uri: result.postLogoutRedirectUri ?? undefined,
      state: result.postLogoutRedirectUri === null ? undefined : parameters.state,
      ui_locales: parameters.ui_locales,
    });
    const { cookie, field } = formTokens.issue(fields);
    setCookie(res, LOGOUT_CSRF_COOKIE, scopeOf(req, endpoint), cookie, { sameSite: 'Strict' });
    // The form posts here, and its answer may redirect to the client: CSP form-action covers both.
    const target = result.postLogoutRedirectUri === null ? null : new URL(result.postLogoutRedirectUri);
    const returnSource = target === null ? '' : ` ${target.protocol === 'http:' || target.protocol === 'https:' ? target.origin : target.protocol}`;
    res.set(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'self'; img-src 'self'; font-src 'self'; form-action 'self'${returnSource}; frame-ancestors 'none'; base-uri 'none'`,
    );
    res.status(status).type('html').send(
      confirmPage({ service: new URL(options.issuer()).host, clientId: result.clientId, clientName: result.clientName, fields, csrfToken: field, action: `${endpoint}/confirm`, expired: status === 403, language, staticBase }),
    );
  }

  const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 });
  router.get('/', (req, res, next) => {
    handle(req, res, req.query as Record<string, unknown>, 'get').catch(next);
  });
  router.post('/', form, (req, res, next) => {
    handle(req, res, (req.body ?? {}) as Record<string, unknown>, 'post').catch(next);
  });
  router.post('/confirm', form, (req, res, next) => {
    handle(req, res, (req.body ?? {}) as Record<string, unknown>, 'confirm').catch(next);
  });
  return router;
}

/** Each parameter at most once and as text (OIDC Core §3.1.2.1 treats an empty one as absent); anything else is refused. */
function parametersOf(raw: Readonly<Record<string, unknown>>, names: readonly (keyof Parameters)[]): Parameters {
  const parameters: Parameters = {};
  for (const name of names) {
    const value = Object.hasOwn(raw, name) ? raw[name] : undefined;
    if (value === undefined || value === '') continue;
    const limit = name === 'id_token_hint' ? MAX_LENGTH.id_token_hint : MAX_LENGTH.other;
    if (typeof value !== 'string') throw new LogoutRequestRefusedError(`${name} must be given once`);
    if (value.length > limit) throw new LogoutRequestRefusedError(`${name} is too long`);
    parameters[name] = value;
  }
  return parameters;
}

function fieldsOf(parameters: Parameters): LogoutFields {
  const { client_id, post_logout_redirect_uri, state, ui_locales } = parameters;
  return Object.fromEntries(Object.entries({ client_id, post_logout_redirect_uri, state, ui_locales }).filter(([, value]) => value !== undefined));
}

/** The registered URI with `state` added to its query (§3), the URI's own query kept. */
function withState(uri: string, state: string | undefined): string {
  if (state === undefined) return uri;
  const url = new URL(uri);
  url.searchParams.append('state', state);
  return url.toString();
}
