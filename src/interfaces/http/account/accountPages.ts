import type { AccountOverviewResult } from '../../../application/account/AccountOverview';
import type { FormLanguage } from '../authorize/signInFormText';
import { escape, hiddenFields, htmlPage } from '../htmlPage';
import { ACCOUNT_TEXT, type AccountError, type AccountText, type Notice } from './accountText';

/** What every account page knows: its words, where the static files are, the token its forms carry. */
export interface AccountPageBase {
  readonly language: FormLanguage;
  readonly staticBase: string;
  readonly csrfToken: string;
  readonly account: string;
}

export interface OverviewModel extends AccountPageBase {
  readonly overview: AccountOverviewResult;
  /** WebAuthn creation options for the passkey form; null when passkeys cannot be registered here. */
  readonly passkeyOptions: unknown;
  readonly notice?: Notice;
  readonly error?: AccountError;
}

const STYLES = ['account.css'];

function page(base: Pick<AccountPageBase, 'language' | 'staticBase'>, title: string, main: string): string {
  return htmlPage({ lang: base.language === 'zh' ? 'zh-CN' : 'en', title, staticBase: base.staticBase, main, stylesheets: STYLES });
}

/** One POST form to the account page: its action, the CSRF token, the fields given, and the content (buttons, inputs). */
function form(base: AccountPageBase, action: string, fields: Readonly<Record<string, string>>, content: string, attributes = ''): string {
  return `<form method="post" action="account"${attributes}>
${hiddenFields({ csrf_token: base.csrfToken, action, ...fields })}
      ${content}
    </form>`;
}

/** A date as the page shows it: minutes, UTC (the same on every instance and in every test). */
function when(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function factorsSection(model: OverviewModel, text: AccountText): string {
  const { factors, recoveryCodesLeft } = model.overview;
  const items = factors.map((factor) => {
    const name = factor.kind === 'totp' ? text.totp : `${text.passkey}: ${factor.label}`;
    const remove = form(model, 'factor_remove', { factor_id: factor.id }, `<button type="submit" class="secondary">${text.remove}</button>`, ' class="inline"');
    return `      <li><span>${escape(name)} <small>(${text.added} ${when(factor.createdAt)})</small></span>\n    ${remove}</li>`;
  });
  const list = factors.length === 0 ? `<p>${text.noFactors}</p>` : `<ul class="items">\n${items.join('\n')}\n    </ul>`;
  const totp = factors.some((factor) => factor.kind === 'totp') ? '' : form(model, 'totp_start', {}, `<button type="submit">${text.addTotp}</button>`);
  const recovery =
    factors.length === 0 ? '' : `<p>${escape(text.recoveryLeft(recoveryCodesLeft))}</p>\n    ${form(model, 'recovery_regenerate', {}, `<button type="submit" class="secondary">${text.regenerate}</button>`)}`;
  return `<section aria-labelledby="factors"><h2 id="factors">${text.factorsTitle}</h2>
    ${list}
    ${totp}
    ${recovery}
    ${passkeySection(model, text)}</section>`;
}

/**
 * The passkey form: the creation options ride in a data attribute (escaped
 * JSON, no inline script); passkey.js from 'self' (registration ceremony) asks the browser for
 * a new credential and posts it in the hidden `credential` field with the name.
 */
function passkeySection(model: OverviewModel, text: AccountText): string {
  if (model.passkeyOptions === null) return '';
  const content = `<label for="passkey-name">${text.passkeyName}</label>
      <input id="passkey-name" name="passkey_name" type="text" maxlength="64" value="${escape(text.passkeyDefaultName)}">
      <button type="button" id="passkey-button">${text.addPasskey}</button>`;
  const attributes = ` id="passkey-form" data-ceremony="registration" data-options="${escape(JSON.stringify(model.passkeyOptions))}" data-unsupported="${escape(text.passkeyUnsupported)}"`;
  return `${form(model, 'passkey_add', { credential: '' }, content, attributes)}
    <script src="${escape(model.staticBase)}/vendor/index.umd.min.js"></script>
    <script src="${escape(model.staticBase)}/passkey.js"></script>`;
}

function sessionsSection(model: OverviewModel, text: AccountText): string {
  const { sessions } = model.overview;
  const items = sessions.map((session) => {
    const since = session.signedInAt === null ? '' : `${text.signedInAt} ${when(session.signedInAt)}, `;
    const end =
      session.current || session.sid === null
        ? `<strong>${text.thisSession}</strong>`
        : form(model, 'session_end', { sid: session.sid }, `<button type="submit" class="secondary">${text.endSession}</button>`, ' class="inline"');
    return `      <li><span>${since}${text.expires} ${when(session.expiresAt)}</span>\n    ${end}</li>`;
  });
  const others = sessions.some((session) => !session.current) ? form(model, 'sessions_end_others', {}, `<button type="submit" class="secondary">${text.endOthers}</button>`) : '';
  return `<section aria-labelledby="sessions"><h2 id="sessions">${text.sessionsTitle}</h2>
    <ul class="items">\n${items.join('\n')}\n    </ul>
    ${others}</section>`;
}

function appsSection(model: OverviewModel, text: AccountText): string {
  const { consents } = model.overview;
  const items = consents.map((consent) => {
    const scopes = consent.scopes.length === 0 ? '' : ` <small>(${escape(consent.scopes.join(' '))})</small>`;
    const revoke = form(model, 'consent_revoke', { client_id: consent.clientId }, `<button type="submit" class="secondary">${text.revoke}</button>`, ' class="inline"');
    return `      <li><span>${escape(consent.name)}${scopes}</span>\n    ${revoke}</li>`;
  });
  const list = consents.length === 0 ? `<p>${text.noApps}</p>` : `<ul class="items">\n${items.join('\n')}\n    </ul>`;
  return `<section aria-labelledby="apps"><h2 id="apps">${text.appsTitle}</h2>
    ${list}</section>`;
}

function passwordSection(model: OverviewModel, text: AccountText): string {
  const content = `<label for="current-password">${text.currentPassword}</label>
      <input id="current-password" name="current_password" type="password" autocomplete="current-password" required maxlength="1024">
      <label for="new-password">${text.newPassword}</label>
      <input id="new-password" name="new_password" type="password" autocomplete="new-password" required minlength="8" maxlength="1024">
      <p class="hint">${escape(text.passwordHint)}</p>
      <button type="submit">${text.changePassword}</button>`;
  return `<section aria-labelledby="password"><h2 id="password">${text.passwordTitle}</h2>
    ${form(model, 'password_change', {}, content)}</section>`;
}

/** The account page: factors, sessions, apps, password; a notice after an action, or the reason one was refused. */
export function accountPage(model: OverviewModel): string {
  const text = ACCOUNT_TEXT[model.language];
  const notice = model.notice === undefined ? '' : `\n    <p class="notice" role="status">${escape(text.notices[model.notice])}</p>`;
  const error = model.error === undefined ? '' : `\n    <p class="error" role="alert">${escape(text.errors[model.error])}</p>`;
  return page(
    model,
    text.title,
    `    <h1>${text.title}</h1>
    <p class="account">${text.signedInAs}<strong>${escape(model.account)}</strong></p>${notice}${error}
    ${factorsSection(model, text)}
    ${sessionsSection(model, text)}
    ${appsSection(model, text)}
    ${passwordSection(model, text)}`,
  );
}

export interface TotpEnrolModel extends AccountPageBase {
  readonly secret: string;
  readonly uri: string;
  readonly qrSvg: string;
  readonly error?: AccountError;
}

/** The authenticator app's set-up: the QR code (inline SVG), the otpauth URI and key as text, the confirming code. */
export function totpEnrolPage(model: TotpEnrolModel, enrolText: { title: string; hint: string; manualEntry: string; code: string; confirm: string }): string {
  const text = ACCOUNT_TEXT[model.language];
  const error = model.error === undefined ? '' : `\n    <p class="error" role="alert">${escape(text.errors[model.error])}</p>`;
  const content = `<label for="otp">${enrolText.code}</label>
      <input id="otp" name="otp" type="text" inputmode="numeric" autocomplete="one-time-code" required maxlength="64">
      <button type="submit">${enrolText.confirm}</button>`;
  return page(
    model,
    enrolText.title,
    `    <h1>${enrolText.title}</h1>
    <p>${enrolText.hint}</p>${error}
    <div class="qr">${model.qrSvg}</div>
    <p class="manual">${enrolText.manualEntry}: <code>${escape(model.secret)}</code></p>
    <p class="manual"><code class="uri">${escape(model.uri)}</code></p>
    ${form(model, 'totp_confirm', {}, content)}
    <p><a href="account">${text.back}</a></p>`,
  );
}

/** New recovery codes, shown this once. */
export function recoveryCodesPage(model: Pick<AccountPageBase, 'language' | 'staticBase'> & { readonly codes: readonly string[] }, recoveryText: { title: string; hint: string }): string {
  const text = ACCOUNT_TEXT[model.language];
  return page(
    model,
    recoveryText.title,
    `    <h1>${recoveryText.title}</h1>
    <p>${recoveryText.hint}</p>
    <ul class="recovery-codes">
${model.codes.map((code) => `      <li><code>${escape(code)}</code></li>`).join('\n')}
    </ul>
    <p><a class="button" href="account">${text.back}</a></p>`,
  );
}

/** A page with a title, a sentence and one link on (password changed, page expired). */
export function messagePage(model: Pick<AccountPageBase, 'language' | 'staticBase'>, title: string, message: string, link: { href: string; label: string }): string {
  return page(
    model,
    title,
    `    <h1>${escape(title)}</h1>
    <p>${escape(message)}</p>
    <p><a class="button" href="${escape(link.href)}">${escape(link.label)}</a></p>`,
  );
}
