import { escape, hiddenFields, htmlPage } from '../htmlPage';
import { SECOND_FACTOR_TEXT, type FactorError } from './secondFactorText';
import type { FormLanguage } from './signInFormText';
import type { AuthorizationFields } from './signInPage';

interface FactorPageBase {
  readonly fields: AuthorizationFields;
  readonly csrfToken: string;
  /** The page's interaction uid; the CSRF token is a MAC over it too. */
  readonly ticket: string;
  readonly account: string;
  readonly error?: FactorError;
  readonly language: FormLanguage;
  readonly staticBase: string;
}

export interface EnrolPageModel extends FactorPageBase {
  readonly secret: string;
  readonly uri: string;
  /** SVG markup from the QR renderer: drawn inline, so no image request and no script. */
  readonly qrSvg: string;
}

/** The code field both pages post, named `otp` like the login endpoint's JSON. */
function codeForm(model: FactorPageBase, ticketField: 'factor_ticket' | 'enrol_ticket', button: string): string {
  const text = SECOND_FACTOR_TEXT[model.language];
  const hidden = hiddenFields({ ...model.fields, csrf_token: model.csrfToken, [ticketField]: model.ticket });
  const error = model.error ? `\n      <p class="error" role="alert">${escape(text.errors[model.error])}</p>` : '';
  return `    <p class="account">${text.signedInAs}<strong>${escape(model.account)}</strong></p>
    <form method="post" action="authorize">${error}
${hidden}
      <label for="otp">${text.code}</label>
      <input id="otp" name="otp" type="text" inputmode="text" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" required maxlength="64">
      <button type="submit">${button}</button>
    </form>`;
}

/** The page after the password for a user with a second factor: a TOTP or recovery code. */
export function secondFactorPage(model: FactorPageBase, passkeyForm = ''): string {
  const text = SECOND_FACTOR_TEXT[model.language];
  return htmlPage({
    lang: model.language === 'zh' ? 'zh-CN' : 'en',
    title: text.proveTitle,
    staticBase: model.staticBase,
    main: `    <h1>${text.proveTitle}</h1>
    <p>${text.proveHint}</p>
${codeForm(model, 'factor_ticket', text.verify)}${passkeyForm === '' ? '' : `\n${passkeyForm}`}`,
  });
}

/** TOTP enrolment on the sign-in page: the QR code, the otpauth URI and key as text, and the confirming code. */
export function enrolFactorPage(model: EnrolPageModel): string {
  const text = SECOND_FACTOR_TEXT[model.language];
  return htmlPage({
    lang: model.language === 'zh' ? 'zh-CN' : 'en',
    title: text.enrolTitle,
    staticBase: model.staticBase,
    main: `    <h1>${text.enrolTitle}</h1>
    <p>${text.enrolHint}</p>
    <div class="qr">${model.qrSvg}</div>
    <p class="manual">${text.manualEntry}: <code>${escape(model.secret)}</code></p>
    <p class="manual"><code class="uri">${escape(model.uri)}</code></p>
${codeForm(model, 'enrol_ticket', text.confirm)}`,
  });
}

/** The recovery codes, shown once after enrolment, then on to the authorization request again. */
export function recoveryCodesPage(model: { readonly codes: readonly string[] | null; readonly continueUrl: string; readonly language: FormLanguage; readonly staticBase: string }): string {
  const text = SECOND_FACTOR_TEXT[model.language];
  const codes = model.codes === null ? '' : `\n    <p>${text.recoveryHint}</p>\n    <ul class="recovery-codes">\n${model.codes.map((code) => `      <li><code>${escape(code)}</code></li>`).join('\n')}\n    </ul>`;
  return htmlPage({
    lang: model.language === 'zh' ? 'zh-CN' : 'en',
    title: text.recoveryTitle,
    staticBase: model.staticBase,
    main: `    <h1>${model.codes === null ? text.enrolTitle : text.recoveryTitle}</h1>${codes}
    <p><a class="button" href="${escape(model.continueUrl)}">${text.continue}</a></p>`,
  });
}
