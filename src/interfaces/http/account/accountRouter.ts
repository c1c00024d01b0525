import { randomBytes } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import type { AccountOverview } from '../../../application/account/AccountOverview';
import type { ChangeOwnPassword } from '../../../application/account/ChangeOwnPassword';
import type { EndAccountSessions } from '../../../application/account/EndAccountSessions';
import type { AccountSession, OpenAccountSession } from '../../../application/account/OpenAccountSession';
import type { RaiseAccountSession } from '../../../application/account/RaiseAccountSession';
import type { RegenerateRecoveryCodes } from '../../../application/account/RegenerateRecoveryCodes';
import type { RemoveSecondFactor } from '../../../application/account/RemoveSecondFactor';
import type { RevokeConsent } from '../../../application/consent/RevokeConsent';
import type { FinishPasskeyRegistration } from '../../../application/passkeys/FinishPasskeyRegistration';
import type { StartPasskeyRegistration } from '../../../application/passkeys/StartPasskeyRegistration';
import type { ConfirmTotpEnrolment } from '../../../application/secondFactor/ConfirmTotpEnrolment';
import type { StartTotpEnrolment } from '../../../application/secondFactor/StartTotpEnrolment';
import { AccountSignInNeededError } from '../../../domain/accountErrors';
import { ACCOUNT_PAGE_CLIENT_ID, accountPageUri } from '../../../domain/model/AccountPageClient';
import { SESSION_COOKIE } from '../authorize/authorizeRouter';
import { cookieName, cookieOf, setCookie, type CookieScope } from '../authorize/cookies';
import { SECOND_FACTOR_TEXT } from '../authorize/secondFactorText';
import { pageLanguage, type FormLanguage } from '../authorize/signInFormText';
import { accountFailureOf } from './accountFailureOf';
import { AccountFormTokens } from './AccountFormTokens';
import { accountPage, messagePage, recoveryCodesPage, totpEnrolPage } from './accountPages';
import { ACCOUNT_TEXT, NOTICES, type AccountError, type Notice } from './accountText';

/** The use cases behind the account page, each called as the CLI and admin API call theirs. */
export interface AccountUseCases {
  readonly open: Pick<OpenAccountSession, 'execute'>;
  readonly overview: Pick<AccountOverview, 'execute'>;
  readonly endSessions: Pick<EndAccountSessions, 'execute'>;
  readonly changePassword: Pick<ChangeOwnPassword, 'execute'>;
  readonly removeFactor: Pick<RemoveSecondFactor, 'execute'>;
  readonly regenerateRecoveryCodes: Pick<RegenerateRecoveryCodes, 'execute'>;
  readonly startTotp: Pick<StartTotpEnrolment, 'execute'>;
  readonly confirmTotp: Pick<ConfirmTotpEnrolment, 'execute'>;
  readonly startPasskey: Pick<StartPasskeyRegistration, 'execute'>;
  readonly finishPasskey: Pick<FinishPasskeyRegistration, 'execute'>;
  readonly revokeConsent: Pick<RevokeConsent, 'execute'>;
  readonly raise: Pick<RaiseAccountSession, 'execute'>;
}

export interface AccountRouterOptions {
  readonly contextPath: string;
  readonly issuer: () => string;
  /** The shared store's form key (EnsureSignInFormKey): any instance checks any instance's page. */
  readonly formKey: string;
}

/** Only the page's own scripts, styles and forms; never framed. */
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** One POSTed action: what the page shows after it (a redirect with a notice, or a page of its own). */
type Action = (req: Request, res: Response, session: AccountSession, language: FormLanguage, body: Readonly<Record<string, unknown>>) => Promise<void>;

function text(body: Readonly<Record<string, unknown>>, name: string, max = 1024): string {
  const value = body[name];
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/**
 * `GET|POST <context>/account`: the signed-in user's own page (second factors,
 * passkeys, recovery codes, sessions, approved apps, password). The user is the
 * browser's sign-in session at the authorization endpoint (the same cookie);
 * without one the browser goes through the usual sign-in page as the account
 * page's own client (AccountPageClient) and comes back. Every POST carries the
 * page's CSRF token (AccountFormTokens) and answers with a redirect (303) and
 * a notice, or a page of its own (TOTP set-up, recovery codes shown once);
 * a refused action shows the page again with its reason and status, never a 5xx
 * for the user's input. No inline script (passkeys: passkey.js from 'self').
 */
export function accountRouter(useCases: AccountUseCases, options: AccountRouterOptions): Router {
  const router = Router();
  const base = `/${options.contextPath}`;
  const staticBase = `${base}/static`;
  const tokens = new AccountFormTokens(options.formKey);
  const scopeOf = (req: Request): CookieScope => ({ secure: req.secure || options.issuer().startsWith('https:'), path: base });
  const languageOf = (req: Request) => pageLanguage(typeof req.query.ui_locales === 'string' ? req.query.ui_locales : undefined, req.headers['accept-language']);

  router.use((_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache', 'Content-Security-Policy': CSP });
    next();
  });

  /** The browser's session, or null after sending it to sign in. */
  async function opened(req: Request): Promise<AccountSession | null> {
    try {
      return await useCases.open.execute({ token: cookieOf(req, cookieName(SESSION_COOKIE, scopeOf(req))) });
    } catch (error) {
      if (error instanceof AccountSignInNeededError) return null;
      throw error;
    }
  }

  /** The usual sign-in page, as the account page's client; its code comes back here and is dropped (its PKCE verifier was never kept). */
  function signInUrl(req: Request): string {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: ACCOUNT_PAGE_CLIENT_ID,
      redirect_uri: accountPageUri(options.issuer()),
      code_challenge: randomBytes(32).toString('base64url'),
      code_challenge_method: 'S256',
    });
    if (typeof req.query.ui_locales === 'string') query.set('ui_locales', req.query.ui_locales.slice(0, 64));
    return `${base}/oauth/authorize?${query.toString()}`;
  }

  async function showOverview(res: Response, session: AccountSession, language: FormLanguage, status: number, also: { notice?: Notice; error?: AccountError } = {}): Promise<void> {
    const overview = await useCases.overview.execute({ session });
    const passkeyOptions = await useCases.startPasskey.execute({ user: session.user, sessionId: session.sid });
    const csrfToken = tokens.issue(session.token);
    res.status(status).type('html').send(accountPage({ language, staticBase, csrfToken, account: session.user.account, overview, passkeyOptions, ...also }));
  }

  async function showTotpEnrolment(res: Response, session: AccountSession, language: FormLanguage, keepPending: boolean, status = 200, error?: AccountError): Promise<void> {
    const enrolment = await useCases.startTotp.execute({ user: session.user, keepPending });
    const factorText = SECOND_FACTOR_TEXT[language];
    const page = totpEnrolPage(
      { language, staticBase, csrfToken: tokens.issue(session.token), account: session.user.account, ...enrolment, ...(error === undefined ? {} : { error }) },
      { title: factorText.enrolTitle, hint: factorText.enrolHint, manualEntry: factorText.manualEntry, code: factorText.code, confirm: factorText.confirm },
    );
    res.status(status).type('html').send(page);
  }

  function showCodes(res: Response, codes: readonly string[], language: FormLanguage): void {
    const factorText = SECOND_FACTOR_TEXT[language];
    res.status(200).type('html').send(recoveryCodesPage({ language, staticBase, codes }, { title: factorText.recoveryTitle, hint: factorText.recoveryHint }));
  }

  const done = (res: Response, notice: Notice) => res.redirect(303, `account?done=${notice}`);

  const actions: Readonly<Record<string, Action>> = {
    totp_start: (_req, res, session, language) => showTotpEnrolment(res, session, language, false),
    totp_confirm: async (req, res, session, language, body) => {
      const { recoveryCodes } = await useCases.confirmTotp.execute({ user: session.user, code: text(body, 'otp', 64), ...addressOf(req) });
      await useCases.raise.execute({ session, proved: { kind: 'totp' } });
      if (recoveryCodes === null) return done(res, 'totp_added');
      return showCodes(res, recoveryCodes, language);
    },
    factor_remove: async (_req, res, session, _language, body) => {
      await useCases.removeFactor.execute({ session, factorId: text(body, 'factor_id', 128) });
      done(res, 'factor_removed');
    },
    recovery_regenerate: async (_req, res, session, language) => showCodes(res, await useCases.regenerateRecoveryCodes.execute({ session }), language),
    passkey_add: async (_req, res, session, _language, body) => {
      const factorId = await useCases.finishPasskey.execute({ user: session.user, sessionId: session.sid, response: jsonOf(text(body, 'credential', 16_000)), label: text(body, 'passkey_name', 256) });
      await useCases.raise.execute({ session, proved: { kind: 'passkey', factorId } });
      done(res, 'passkey_added');
    },
    session_end: async (_req, res, session, _language, body) => {
      await useCases.endSessions.execute({ session, end: { sid: text(body, 'sid', 128) } });
      done(res, 'session_ended');
    },
    sessions_end_others: async (_req, res, session) => {
      await useCases.endSessions.execute({ session, end: 'others' });
      done(res, 'sessions_ended');
    },
    consent_revoke: async (_req, res, session, _language, body) => {
      await useCases.revokeConsent.execute({ account: session.user.account, clientId: text(body, 'client_id', 256) });
      done(res, 'consent_revoked');
    },
    password_change: async (req, res, session, language, body) => {
      await useCases.changePassword.execute({ session, currentPassword: text(body, 'current_password'), newPassword: text(body, 'new_password'), ...addressOf(req) });
      // Every session ended with the change, this one too: the cookie goes, the next visit signs in with the new password.
      setCookie(res, SESSION_COOKIE, scopeOf(req), '', { sameSite: 'Lax', maxAge: 0 });
      const words = ACCOUNT_TEXT[language];
      res.status(200).type('html').send(messagePage({ language, staticBase }, words.passwordChangedTitle, words.passwordChanged, { href: 'account', label: words.signInAgain }));
    },
  };

  router.get('/', (req, res, next) => {
    (async () => {
      const session = await opened(req);
      if (session === null) return res.redirect(302, signInUrl(req));
      // Back from the sign-in: the code is of no use here; the address bar loses it.
      if (req.query.code !== undefined || req.query.error !== undefined) return res.redirect(303, 'account');
      const notice = NOTICES.find((known) => known === req.query.done);
      await showOverview(res, session, languageOf(req), 200, notice === undefined ? {} : { notice });
    })().catch(next);
  });

  router.post('/', express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 16 }), (req, res, next) => {
    (async () => {
      const language = languageOf(req);
      const session = await opened(req);
      // The session ended meanwhile (signed out, locked out): the GET sends the browser to sign in.
      if (session === null) return res.redirect(303, 'account');
      const body = (req.body ?? {}) as Record<string, unknown>;
      const words = ACCOUNT_TEXT[language];
      if (!tokens.matches(session.token, body.csrf_token)) {
        return res.status(403).type('html').send(messagePage({ language, staticBase }, words.title, words.errors.expired, { href: 'account', label: words.back }));
      }
      const action = typeof body.action === 'string' && Object.hasOwn(actions, body.action) ? actions[body.action] : undefined;
      if (action === undefined) return showOverview(res, session, language, 400, { error: 'expired' });
      try {
        await action(req, res, session, language, body);
      } catch (error) {
        // The session's user changed under it (the account re-added): the page signs in again.
        if (error instanceof AccountSignInNeededError) return res.redirect(303, 'account');
        const failure = accountFailureOf(error);
        if (failure === null) throw error;
        if (failure.retryAfterSeconds !== undefined) res.set('Retry-After', String(failure.retryAfterSeconds));
        // A wrong code keeps the set-up on screen, with the secret the app may have scanned already.
        if (body.action === 'totp_confirm' && (failure.error === 'wrong_code' || failure.error === 'busy')) {
          return showTotpEnrolment(res, session, language, true, failure.status, failure.error);
        }
        return showOverview(res, session, language, failure.status, { error: failure.error });
      }
    })().catch(next);
  });
  return router;
}

function addressOf(req: Request): { address?: string } {
  const address = req.ip ?? req.socket.remoteAddress;
  return address === undefined ? {} : { address };
}

/** The browser's credential as JSON; anything else is handed on as given, for the ceremony to refuse. */
function jsonOf(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
