import { escape, hiddenFields, htmlPage } from '../htmlPage';
import { FORM_TEXT, type FormError, type FormLanguage } from './signInFormText';
import { refusalText } from '../refusalText';

/** What the sign-in form carries through the POST: the authorization request, as received. */
export interface AuthorizationFields {
  readonly response_type: string;
  readonly client_id: string;
  readonly redirect_uri: string;
  readonly state?: string;
  readonly code_challenge?: string;
  readonly code_challenge_method?: string;
  readonly scope?: string;
  /** RFC 8707 resources, space-separated (a URI holds no space), as one hidden field. */
  readonly resource?: string;
  readonly nonce?: string;
  readonly max_age?: string;
  /** OpenID Connect `acr_values`: the level the sign-in must reach. */
  readonly acr_values?: string;
  /** OpenID Connect `prompt` and `ui_locales`, carried so the next page keeps to them. */
  readonly prompt?: string;
  readonly ui_locales?: string;
  /** The pushed request's request_uri (RFC 9126), already used: it marks these fields as the pushed parameters, bound by the page's MAC. */
  readonly request_uri?: string;
}

export interface SignInPageModel {
  readonly fields: AuthorizationFields;
  readonly csrfToken: string;
  readonly clientId: string;
  /** The app's registered name, shown instead of its id when registered. */
  readonly clientName: string | null;
  readonly username?: string;
  readonly error?: FormError;
  readonly language: FormLanguage;
  /** The context path's static files (the stylesheet). */
  readonly staticBase: string;
}

/**
 * The authorization endpoint's sign-in form, rendered on the server: it works
 * without JavaScript (a plain form POST), names its fields `username` and
 * `password` like the login endpoint's JSON, and carries the authorization
 * request and the CSRF token as hidden fields, in English or Chinese
 * (signInFormText.ts). Every value is HTML-escaped. `passkeyForm`, when
 * passkeys can be used, follows the password form (a passkey alone).
 */
export function signInPage(model: SignInPageModel, passkeyForm = ''): string {
  const text = FORM_TEXT[model.language];
  const hidden = hiddenFields({ ...model.fields, csrf_token: model.csrfToken });
  const error = model.error ? `\n      <p class="error" role="alert">${escape(text.errors[model.error])}</p>` : '';
  return htmlPage({
    lang: text.htmlLang,
    title: text.title,
    staticBase: model.staticBase,
    main: `    <h1>${text.title}</h1>
    <p class="client">${text.clientBefore}<strong>${escape(model.clientName ?? model.clientId)}</strong>${text.clientAfter}</p>
    <form method="post" action="authorize">${error}
${hidden}
      <label for="username">${text.username}</label>
      <input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escape(model.username ?? '')}">
      <label for="password">${text.password}</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required>
      <button type="submit">${text.submit}</button>
    </form>${passkeyForm === '' ? '' : `\n${passkeyForm}`}`,
  });
}

/** The page shown instead of a redirect when the client or redirect URI cannot be trusted (RFC 6749 §4.1.2.1). */
export function errorPage(message: string, staticBase: string, language: FormLanguage): string {
  const text = FORM_TEXT[language];
  return htmlPage({
    lang: text.htmlLang,
    title: text.refusedTitle,
    staticBase,
    main: `    <h1>${text.refusedTitle}</h1>
    <p class="error" role="alert">${escape(refusalText(message, language))}</p>
    <p>${text.refusedHint}</p>`,
  });
}
