import { escape, hiddenFields } from '../htmlPage';
import type { FormLanguage } from './signInFormText';
import type { AuthorizationFields } from './signInPage';

/** Where the form stands: after the password (the second-factor page) or instead of it (the sign-in page). */
export type PasskeyFormPurpose = 'second_factor' | 'sign_in';

interface PasskeyText {
  readonly or: string;
  readonly use: string;
}

const TEXT: Readonly<Record<FormLanguage, Readonly<Record<PasskeyFormPurpose, PasskeyText>> & { readonly unsupported: string }>> = {
  en: {
    second_factor: { or: 'Or use one of your passkeys.', use: 'Use a passkey' },
    sign_in: { or: 'Or, without a password:', use: 'Sign in with a passkey' },
    unsupported: 'This browser cannot use passkeys.',
  },
  zh: {
    second_factor: { or: '或者使用您的通行密钥。', use: '使用通行密钥' },
    sign_in: { or: '或者不用密码：', use: '使用通行密钥登录' },
    unsupported: '此浏览器无法使用通行密钥。',
  },
};

/** The hidden field naming the page's ticket: the second-factor page's interaction, or the sign-in page's passkey challenge. */
const TICKET_FIELD: Readonly<Record<PasskeyFormPurpose, string>> = { second_factor: 'factor_ticket', sign_in: 'passkey_ticket' };

/**
 * A page's passkey form: the WebAuthn request options ride in a data
 * attribute (escaped JSON, no inline script), `passkey.js` from 'self' asks
 * the browser for an assertion, puts it in the hidden `passkey` field and
 * posts the form with the page's ticket and CSRF token.
 */
export function passkeyForm(model: {
  readonly purpose: PasskeyFormPurpose;
  readonly fields: AuthorizationFields;
  readonly csrfToken: string;
  readonly ticket: string;
  readonly options: unknown;
  readonly language: FormLanguage;
  readonly staticBase: string;
}): string {
  const text = TEXT[model.language];
  const { or, use } = text[model.purpose];
  const hidden = hiddenFields({ ...model.fields, csrf_token: model.csrfToken, [TICKET_FIELD[model.purpose]]: model.ticket, passkey: '' });
  return `    <form method="post" action="authorize" id="passkey-form" class="passkey" data-options="${escape(JSON.stringify(model.options))}" data-unsupported="${escape(text.unsupported)}">
${hidden}
      <p>${or}</p>
      <button type="button" id="passkey-button">${use}</button>
    </form>
    <script src="${escape(model.staticBase)}/vendor/index.umd.min.js"></script>
    <script src="${escape(model.staticBase)}/passkey.js"></script>`;
}
