import type { GrantedAccess } from '../../../domain/model/GrantedAccess';
import type { OAuthClient } from '../../../domain/model/OAuthClient';
import { escape, hiddenFields, htmlPage } from '../htmlPage';
import { CONSENT_TEXT } from '../authorize/consentText';
import { SECOND_FACTOR_TEXT } from '../authorize/secondFactorText';
import { FORM_TEXT, type FormError, type FormLanguage } from '../authorize/signInFormText';
import { DEVICE_TEXT, type DeviceCodeError } from './deviceText';

/** What every device page has: its language, the stylesheet's base and the CSRF token of its form. */
export interface DevicePageBase {
  readonly language: FormLanguage;
  readonly staticBase: string;
  readonly csrfToken: string;
  /** Where the forms post: the page's own path. */
  readonly action: string;
}

/** A device page's form: posts back to the page's own URL with its step and hidden fields. */
function form(step: string, base: DevicePageBase, hidden: Record<string, string | undefined>, body: string): string {
  return `    <form method="post" action="${escape(base.action)}">
${hiddenFields({ step, ...hidden, csrf_token: base.csrfToken })}
${body}
    </form>`;
}

function page(base: Pick<DevicePageBase, 'language' | 'staticBase'>, title: string, main: string): string {
  return htmlPage({ lang: base.language === 'zh' ? 'zh-CN' : 'en', title, staticBase: base.staticBase, main: `    <h1>${title}</h1>\n${main}` });
}

function errorLine(message: string | undefined): string {
  return message === undefined ? '' : `    <p class="error" role="alert">${escape(message)}</p>\n`;
}

/** RFC 8628 §3.3: where the user types the code (prefilled from `verification_uri_complete`, still to be confirmed, §3.3.1). */
export function deviceCodePage(base: DevicePageBase, userCode: string, error?: DeviceCodeError): string {
  const text = DEVICE_TEXT[base.language];
  const body = `      <label for="user_code">${text.codeLabel}</label>
      <input id="user_code" name="user_code" type="text" autocomplete="off" autocapitalize="characters" spellcheck="false" required maxlength="32" value="${escape(userCode)}">
      <button type="submit">${text.next}</button>`;
  return page(base, text.title, `${errorLine(error === undefined ? undefined : text.errors[error])}    <p>${text.codeHint}</p>\n${form('code', base, {}, body)}`);
}

/** The sign-in form of the device flow: the same fields as the authorization endpoint's, the user code carried along. */
export function deviceSignInPage(base: DevicePageBase, client: OAuthClient, userCode: string, username = '', error?: FormError): string {
  const text = FORM_TEXT[base.language];
  const body = `      <label for="username">${text.username}</label>
      <input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escape(username)}">
      <label for="password">${text.password}</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required>
      <button type="submit">${text.submit}</button>`;
  const intro = `    <p class="client">${text.clientBefore}<strong>${escape(client.name ?? client.id)}</strong>${text.clientAfter}</p>\n`;
  return page(base, text.title, `${intro}${errorLine(error === undefined ? undefined : text.errors[error])}${form('signin', base, { user_code: userCode }, body)}`);
}

/** The second factor, as the sign-in page asks for it: a TOTP or recovery code. */
export function deviceFactorPage(base: DevicePageBase, userCode: string, ticket: string, account: string, error?: 'wrong' | 'busy'): string {
  const text = SECOND_FACTOR_TEXT[base.language];
  const body = `      <label for="otp">${text.code}</label>
      <input id="otp" name="otp" type="text" inputmode="numeric" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" required maxlength="64">
      <button type="submit">${text.verify}</button>`;
  const intro = `    <p>${text.proveHint}</p>\n    <p class="account">${text.signedInAs}<strong>${escape(account)}</strong></p>\n`;
  return page(base, text.proveTitle, `${intro}${errorLine(error === undefined ? undefined : text.errors[error])}${form('factor', base, { user_code: userCode, ticket }, body)}`);
}

/** The approval (RFC 8628 §3.3): which app asks, for what, with which code, who is signed in; allow or deny. */
export function deviceApprovePage(base: DevicePageBase, client: OAuthClient, granted: GrantedAccess, userCode: string, ticket: string, account: string): string {
  const text = DEVICE_TEXT[base.language];
  const consent = CONSENT_TEXT[base.language];
  const items = granted.scopes.length === 0 ? [escape(consent.noScopes)] : granted.scopes.map((scope) => scopeWords(scope, base.language));
  const shown = `${userCode.slice(0, 4)}-${userCode.slice(4)}`;
  const main = `    <p class="client">${text.clientBefore}<strong>${escape(client.name ?? client.id)}</strong>${text.clientAfter}</p>
    <ul class="scopes">
${items.map((item) => `      <li>${item}</li>`).join('\n')}
    </ul>
    <p>${text.codeShown}<strong>${escape(shown)}</strong></p>
    <p class="account">${consent.signedInAs}<strong>${escape(account)}</strong></p>
${form('decide', base, { user_code: userCode, ticket }, `      <button type="submit" name="decision" value="approve">${text.approve}</button>
      <button type="submit" name="decision" value="deny" class="secondary">${text.deny}</button>`)}`;
  return page(base, text.approveTitle, main);
}

/** The end of the flow on this side: approved, denied, or a factor to enrol elsewhere first. */
export function deviceDonePage(base: Pick<DevicePageBase, 'language' | 'staticBase'>, outcome: 'approved' | 'denied' | 'enrol'): string {
  const text = DEVICE_TEXT[base.language];
  const [title, hint] = outcome === 'approved' ? [text.approvedTitle, text.approvedHint] : outcome === 'denied' ? [text.deniedTitle, text.deniedHint] : [text.enrolTitle, text.enrolHint];
  return page(base, title, `    <p>${hint}</p>`);
}

/** A scope in words, as the consent page shows it. */
function scopeWords(scope: string, language: FormLanguage): string {
  const text = CONSENT_TEXT[language];
  const described = Object.prototype.hasOwnProperty.call(text.scopes, scope) ? text.scopes[scope] : undefined;
  return described === undefined ? `${escape(text.otherScope)}<code>${escape(scope)}</code>` : escape(described);
}
