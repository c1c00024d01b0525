import { escape, hiddenFields, htmlPage } from '../htmlPage';
import type { FormLanguage } from '../authorize/signInFormText';
import type { LogoutFields } from './LogoutFormTokens';
import { refusalText } from '../refusalText';
import { LOGOUT_TEXT, type LogoutText } from './logoutText';

export interface ConfirmPageModel {
  /** The service the user signs out of (the issuer's host). */
  readonly service: string;
  /** The client that asked, when identified. */
  readonly clientId: string | null;
  /** Its registered name, shown instead of the id when registered. */
  readonly clientName?: string | null;
  readonly fields: LogoutFields;
  readonly csrfToken: string;
  /** Where the form posts (`<context>/oauth/logout/confirm`). */
  readonly action: string;
  readonly expired: boolean;
  readonly language: FormLanguage;
  readonly staticBase: string;
}

/** "Sign out of <service>?": one button, the checked request and the CSRF token as hidden fields. Works without JavaScript. */
export function confirmPage(model: ConfirmPageModel): string {
  const text = LOGOUT_TEXT[model.language];
  const hidden = hiddenFields({ ...model.fields, csrf_token: model.csrfToken });
  const client = model.clientId === null ? '' : `\n    <p class="client">${text.clientBefore}<strong>${escape(model.clientName ?? model.clientId)}</strong>${text.clientAfter}</p>`;
  const expired = model.expired ? `\n      <p class="error" role="alert">${text.expired}</p>` : '';
  return page(text, text.confirmTitle, model.staticBase, `    <h1>${text.confirmTitle}</h1>
    <p>${text.questionBefore}<strong>${escape(model.service)}</strong>${text.questionAfter}</p>${client}
    <form method="post" action="${escape(model.action)}">${expired}
${hidden}
      <button type="submit">${text.submit}</button>
    </form>`);
}

/** Shown after signing out when there is no registered place to return to; `app` names the application that asked (null: none). */
export function signedOutPage(language: FormLanguage, staticBase: string, app: string | null): string {
  const text = LOGOUT_TEXT[language];
  const client = app === null ? '' : `\n    <p class="client">${text.signedOutClientBefore}<strong>${escape(app)}</strong>${text.signedOutClientAfter}</p>`;
  return page(text, text.signedOutTitle, staticBase, `    <h1>${text.signedOutTitle}</h1>
    <p>${text.signedOutText}</p>${client}`);
}

/** A logout request refused outright (RP-Initiated Logout §4): nothing ended, no redirect. */
export function logoutRefusedPage(reason: string, language: FormLanguage, staticBase: string): string {
  const text = LOGOUT_TEXT[language];
  return page(text, text.refusedTitle, staticBase, `    <h1>${text.refusedTitle}</h1>
    <p class="error" role="alert">${escape(refusalText(reason, language))}</p>
    <p>${text.refusedHint}</p>`);
}

function page(text: LogoutText, title: string, staticBase: string, main: string): string {
  return htmlPage({ lang: text.htmlLang, title, staticBase, main });
}
