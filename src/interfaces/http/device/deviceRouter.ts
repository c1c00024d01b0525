import express, { Router, type Request, type Response } from 'express';
import type { DecideDeviceRequest } from '../../../application/device/DecideDeviceRequest';
import type { DeviceSignIn, DeviceStep } from '../../../application/device/DeviceSignIn';
import type { DeviceRequestShown, FindDeviceRequest } from '../../../application/device/FindDeviceRequest';
import { TooManyUserCodeAttemptsError, UnknownUserCodeError } from '../../../domain/deviceErrors';
import { InteractionRefusedError } from '../../../domain/interactionErrors';
import { CSRF_COOKIE, SESSION_COOKIE } from '../authorize/authorizeRouter';
import { cookieName, cookieOf, ourCookieValues, setCookie, type CookieScope } from '../authorize/cookies';
import { signInFailureOf } from '../authorize/signInFailureOf';
import { pageLanguage, type FormLanguage } from '../authorize/signInFormText';
import { SignInFormTokens } from '../authorize/signInFormTokens';
import type { AuthorizationFields } from '../authorize/signInPage';
import { deviceApprovePage, deviceCodePage, deviceDonePage, deviceFactorPage, deviceSignInPage, type DevicePageBase } from './devicePages';
import type { DeviceCodeError } from './deviceText';

export interface DeviceRouterOptions {
  readonly contextPath: string;
  readonly issuer: () => string;
  readonly sessionSeconds: number;
  /** The shared store's key for the forms' CSRF tokens (EnsureSignInFormKey). */
  readonly formKey: string;
}

export interface DeviceUseCases {
  readonly find: Pick<FindDeviceRequest, 'execute'>;
  readonly signIn: Pick<DeviceSignIn, 'resume' | 'signIn' | 'proveSecondFactor'>;
  readonly decide: Pick<DecideDeviceRequest, 'execute'>;
}

/** No authorization request here: the forms' MAC binds this instead, each step's own words in `also`. */
const DEVICE_FIELDS: AuthorizationFields = { response_type: 'device_code', client_id: '', redirect_uri: '' };

/**
 * `GET|POST <context>/oauth/device` (RFC 8628 §3.3), under the sign-in
 * session cookie's path: the user types the code (or finds it filled in from
 * `verification_uri_complete`, still to be confirmed, §3.3.1), signs in as on
 * the authorization endpoint's form when no session is live (password, then
 * the second factor where one is wanted), sees which app asks for what and
 * with which code, and allows or denies, once (an `device` interaction bound
 * to the session). Wrong codes count under the limits (FindDeviceRequest).
 * Every form carries a CSRF token (a MAC over the step, the code and the
 * page's ticket; the nonce in an HttpOnly SameSite=Strict cookie); no page
 * runs a script or may be framed.
 */
export function deviceRouter(use: DeviceUseCases, options: DeviceRouterOptions): Router {
  const router = Router();
  const base = `/${options.contextPath}`;
  const staticBase = `${base}/static`;
  const csrfPath = `${base}/oauth/device`;
  const sessionPath = `${base}/oauth`;
  const tokens = new SignInFormTokens(options.formKey);
  const scope = (req: Request, path: string): CookieScope => ({ secure: req.secure || options.issuer().startsWith('https:'), path });
  const sessionOf = (req: Request) => cookieOf(req, cookieName(SESSION_COOKIE, scope(req, sessionPath))) ?? null;
  const address = (req: Request) => req.ip ?? req.socket.remoteAddress;

  router.use((_req, res, next) => {
    res.set({
      'Cache-Control': 'no-store',
      Pragma: 'no-cache',
      'Content-Security-Policy': "default-src 'none'; style-src 'self'; img-src 'self'; font-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    });
    next();
  });

  /** A page's base with a fresh CSRF nonce in the cookie and its MAC over `also` for the form. */
  const pageBase = (req: Request, res: Response, language: FormLanguage, also: readonly string[]): DevicePageBase => {
    const { cookie, field } = tokens.issue(DEVICE_FIELDS, ['device', ...also]);
    setCookie(res, CSRF_COOKIE_NAME, scope(req, csrfPath), cookie, { sameSite: 'Strict' });
    return { language, staticBase, csrfToken: field, action: csrfPath };
  };
  const csrfHolds = (req: Request, body: Record<string, unknown>, also: readonly string[]) =>
    tokens.matches(cookieOf(req, cookieName(CSRF_COOKIE_NAME, scope(req, csrfPath))), body.csrf_token, DEVICE_FIELDS, ['device', ...also]);

  const showCode = (req: Request, res: Response, language: FormLanguage, userCode: string, status = 200, error?: DeviceCodeError) => {
    res.status(status).type('html').send(deviceCodePage(pageBase(req, res, language, ['code']), userCode, error));
  };

  /** The page a step leads to. */
  const show = (req: Request, res: Response, language: FormLanguage, found: DeviceRequestShown, step: DeviceStep | null, username?: string) => {
    const { userCode, client } = found;
    if (step === null) return res.status(200).type('html').send(deviceSignInPage(pageBase(req, res, language, ['signin', userCode]), client, userCode, username));
    if (step.kind === 'enrol_factor') return res.status(403).type('html').send(deviceDonePage({ language, staticBase }, 'enrol'));
    if (step.kind === 'second_factor') {
      const { refusal } = step;
      if (refusal?.retryAfterSeconds !== undefined) res.set('Retry-After', String(refusal.retryAfterSeconds));
      const status = refusal === undefined ? 200 : refusal.error === 'busy' ? 429 : 400;
      return res.status(status).type('html').send(deviceFactorPage(pageBase(req, res, language, ['factor', userCode, step.uid]), userCode, step.uid, step.user.account, refusal?.error));
    }
    return res.status(200).type('html').send(deviceApprovePage(pageBase(req, res, language, ['decide', userCode, step.uid]), client, found.granted, userCode, step.uid, step.user.account));
  };

  const answer = async (req: Request, res: Response, body: Record<string, unknown>) => {
    const language = pageLanguage(undefined, req.headers['accept-language']);
    const typed = typeof body.user_code === 'string' ? body.user_code : '';
    const step = typeof body.step === 'string' ? body.step : '';
    const ticket = typeof body.ticket === 'string' ? body.ticket : '';
    const also = step === 'code' ? ['code'] : [step, typed, ...(step === 'factor' || step === 'decide' ? [ticket] : [])];
    if (!['code', 'signin', 'factor', 'decide'].includes(step) || !csrfHolds(req, body, also)) return showCode(req, res, language, typed, 403, 'expired');
    let found: DeviceRequestShown;
    try {
      found = await use.find.execute({ userCode: typed, address: address(req) });
    } catch (error) {
      if (error instanceof TooManyUserCodeAttemptsError) {
        res.set('Retry-After', String(error.retryAfterSeconds));
        return showCode(req, res, language, typed, 429, 'busy');
      }
      if (error instanceof UnknownUserCodeError) return showCode(req, res, language, typed, 400, 'unknown');
      throw error;
    }
    try {
      if (step === 'code') return show(req, res, language, found, await use.signIn.resume(found.client, sessionOf(req) ?? undefined));
      if (step === 'signin') return await signIn(req, res, language, found, body);
      if (step === 'factor') {
        const code = typeof body.otp === 'string' ? body.otp.slice(0, 64) : '';
        return show(req, res, language, found, await use.signIn.proveSecondFactor(found.client, { uid: ticket, session: sessionOf(req), code, address: address(req) }));
      }
      // Only the approve button approves; anything else is a denial.
      const approve = body.decision === 'approve';
      await use.decide.execute({ client: found.client, userCode: found.userCode, approve, uid: ticket, session: sessionOf(req) });
      return res.status(200).type('html').send(deviceDonePage({ language, staticBase }, approve ? 'approved' : 'denied'));
    } catch (error) {
      if (error instanceof InteractionRefusedError) return showCode(req, res, language, typed, 403, 'expired');
      if (error instanceof UnknownUserCodeError) return showCode(req, res, language, typed, 400, 'unknown');
      throw error;
    }
  };

  const signIn = async (req: Request, res: Response, language: FormLanguage, found: DeviceRequestShown, body: Record<string, unknown>) => {
    const username = typeof body.username === 'string' ? body.username : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const sessionScope = scope(req, sessionPath);
    try {
      // Every session cookie the browser sent ends: none outlives the new sign-in.
      const signedIn = await use.signIn.signIn(found.client, { username, password, address: address(req) }, ourCookieValues(req, cookieName(SESSION_COOKIE, sessionScope)));
      if (signedIn.sessionToken !== null) setCookie(res, SESSION_COOKIE, sessionScope, signedIn.sessionToken, { sameSite: 'Lax', maxAge: options.sessionSeconds });
      return show(req, res, language, found, signedIn.next);
    } catch (error) {
      const failure = signInFailureOf(error);
      if (failure === null) throw error;
      if (failure.retryAfterSeconds !== undefined) res.set('Retry-After', String(failure.retryAfterSeconds));
      return res.status(failure.status).type('html').send(deviceSignInPage(pageBase(req, res, language, ['signin', found.userCode]), found.client, found.userCode, username, failure.form));
    }
  };

  router.get('/', (req, res) => {
    const prefilled = typeof req.query.user_code === 'string' ? req.query.user_code.slice(0, 32) : '';
    showCode(req, res, pageLanguage(undefined, req.headers['accept-language']), prefilled);
  });
  router.post('/', express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 12 }), (req, res, next) => {
    answer(req, res, (req.body ?? {}) as Record<string, unknown>).catch(next);
  });
  return router;
}

/** Its own cookie: a device page open beside an authorization page does not spoil the other's form. */
const CSRF_COOKIE_NAME = `${CSRF_COOKIE}_device`;

/** `GET <context>/device`: the verification_uri the user types (short), sent on to the page under the session cookie's path, query kept. */
export function deviceShortcutRouter(contextPath: string): Router {
  const router = Router();
  router.get('/', (req, res) => {
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    res.set('Cache-Control', 'no-store').redirect(302, `/${contextPath}/oauth/device${query}`);
  });
  return router;
}
