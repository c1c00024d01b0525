import { CONSENT_TEXT } from './consentText';
import type { FormLanguage } from './signInFormText';
import { escape, hiddenFields, htmlPage } from '../htmlPage';
import type { AuthorizationFields } from './signInPage';
import type { ClientMetadata } from '../../../domain/model/ClientMetadata';

export interface ConsentPageModel {
  readonly fields: AuthorizationFields;
  readonly csrfToken: string;
  /** The page's interaction uid (Interactions): what the answer is checked against; the CSRF token is a MAC over it too. */
  readonly ticket: string;
  readonly clientId: string;
  /** The app's registered name, privacy policy and terms (its logo is not shown: the page's CSP loads no image from elsewhere). */
  readonly app: Pick<ClientMetadata, 'name' | 'policyUri' | 'tosUri'>;
  /** The signed-in user's account. */
  readonly account: string;
  /** The scopes the code would grant. */
  readonly scopes: readonly string[];
  readonly language: FormLanguage;
  readonly staticBase: string;
}

/**
 * The consent page (OpenID Connect Core §3.1.2.4), rendered on the server:
 * the app's registered name (else its id) with links to its privacy policy and
 * terms when registered, what it asks for in words (every claim the scopes
 * OpenID Connect defines release, any other scope by its name), who is signed in, and two buttons
 * that post the authorization request back with the CSRF token and the
 * page's interaction uid (its ticket). Every value is HTML-escaped.
 */
export function consentPage(model: ConsentPageModel): string {
  const text = CONSENT_TEXT[model.language];
  const hidden = hiddenFields({ ...model.fields, csrf_token: model.csrfToken, consent_ticket: model.ticket });
  const items = model.scopes.length === 0 ? [escape(text.noScopes)] : model.scopes.map((scope) => scopeWords(scope, model.language));
  return htmlPage({
    lang: model.language === 'zh' ? 'zh-CN' : 'en',
    title: text.title,
    staticBase: model.staticBase,
    main: `    <h1>${text.title}</h1>
    <p class="client">${text.clientBefore}<strong>${escape(model.app.name ?? model.clientId)}</strong>${text.clientAfter}</p>
    <ul class="scopes">
${items.map((item) => `      <li>${item}</li>`).join('\n')}
    </ul>${appLinks(model.app, model.language)}
    <p class="account">${text.signedInAs}<strong>${escape(model.account)}</strong></p>
    <form method="post" action="authorize">
${hidden}
      <button type="submit" name="consent" value="approve">${text.approve}</button>
      <button type="submit" name="consent" value="deny" class="secondary">${text.deny}</button>
    </form>`,
  });
}

/** A scope in words, HTML-escaped: the description of one OpenID Connect defines, else its name. */
function scopeWords(scope: string, language: FormLanguage): string {
  const text = CONSENT_TEXT[language];
  const described = Object.prototype.hasOwnProperty.call(text.scopes, scope) ? text.scopes[scope] : undefined;
  return described === undefined ? `${escape(text.otherScope)}<code>${escape(scope)}</code>` : escape(described);
}

/** The registered privacy policy and terms as links that open apart from the page (no referrer, no opener). */
function appLinks(app: Pick<ClientMetadata, 'policyUri' | 'tosUri'>, language: FormLanguage): string {
  const text = CONSENT_TEXT[language];
  const registered: ReadonlyArray<readonly [uri: string | null, label: string]> = [
    [app.policyUri, text.policy],
    [app.tosUri, text.terms],
  ];
  const links = registered.flatMap(([uri, label]) => (uri === null ? [] : [`<a href="${escape(uri)}" target="_blank" rel="noopener noreferrer">${escape(label)}</a>`]));
  return links.length === 0 ? '' : `\n    <p class="app-links">${links.join(' · ')}</p>`;
}
