import { escape, hiddenFields } from '../htmlPage';
import type { FormLanguage } from './signInFormText';
import type { AuthorizationFields } from './signInPage';

const TEXT: Readonly<Record<FormLanguage, { readonly or: string; readonly use: string; readonly unsupported: string }>> = {
  en: { or: 'Or use one of your passkeys.', use: 'Use a passkey', unsupported: 'This browser cannot use passkeys.' },
  zh: { or: '或者使用您的通行密钥。', use: '使用通行密钥', unsupported: '此浏览器无法使用通行密钥。' },
};

/**
 * The second-factor page's passkey form: the WebAuthn request options ride in
 * a data attribute (escaped JSON, no inline script), `passkey.js` from 'self'
 * asks the browser for an assertion, puts it in the hidden `passkey` field and
 * posts the form with the page's ticket and CSRF token.
 */
export function passkeyForm(model: {
  readonly fields: AuthorizationFields;
  readonly csrfToken: string;
  readonly ticket: string;
  readonly options: unknown;
  readonly language: FormLanguage;
  readonly staticBase: string;
}): string {
  const text = TEXT[model.language];
  const hidden = hiddenFields({ ...model.fields, csrf_token: model.csrfToken, factor_ticket: model.ticket, passkey: '' });
  return `    <form method="post" action="authorize" id="passkey-form" class="passkey" data-options="${escape(JSON.stringify(model.options))}" data-unsupported="${escape(text.unsupported)}">
${hidden}
      <p>${text.or}</p>
      <button type="button" id="passkey-button">${text.use}</button>
    </form>
    <script src="${escape(model.staticBase)}/vendor/index.umd.min.js"></script>
    <script src="${escape(model.staticBase)}/passkey.js"></script>`;
}
