import { CONSENT_TEXT } from './consentText';
import type { FormLanguage } from './signInFormText';
import { escape, type AuthorizationFields } from './signInPage';

export interface ConsentPageModel {
  readonly fields: AuthorizationFields;
  readonly csrfToken: string;
  /** Who signed in and when, signed with the CSRF token (consentTicket.ts). */
  readonly ticket: string;
  readonly clientId: string;
  /** The signed-in user's account. */
  readonly account: string;
  /** The scopes the code would grant. */
  readonly scopes: readonly string[];
  readonly language: FormLanguage;
  readonly staticBase: string;
}

/**
 * The consent page (OpenID Connect Core §3.1.2.4), rendered on the server:
 * the app's id, what it asks for in words (the scopes OpenID Connect defines
 * described, any other one by its name), who is signed in, and two buttons
 * that post the authorization request back with the CSRF token and the
 * signed ticket. Every value is HTML-escaped.
 */
export function consentPage(model: ConsentPageModel): string {
  const text = CONSENT_TEXT[model.language];
  const hidden = Object.entries({ ...model.fields, csrf_token: model.csrfToken, consent_ticket: model.ticket })
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `      <input type="hidden" name="${escape(name)}" value="${escape(String(value))}">`)
    .join('\n');
  const items = model.scopes.length === 0 ? [escape(text.noScopes)] : model.scopes.map((scope) => scopeWords(scope, model.language));
  return `<!doctype html>
<html lang="${model.language === 'zh' ? 'zh-CN' : 'en'}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>${text.title}</title>
  <link rel="stylesheet" href="${escape(model.staticBase)}/authorize.css">
</head>
<body>
  <main>
    <h1>${text.title}</h1>
    <p class="client">${text.clientBefore}<strong>${escape(model.clientId)}</strong>${text.clientAfter}</p>
    <ul class="scopes">
${items.map((item) => `      <li>${item}</li>`).join('\n')}
    </ul>
    <p class="account">${text.signedInAs}<strong>${escape(model.account)}</strong></p>
    <form method="post" action="authorize">
${hidden}
      <button type="submit" name="consent" value="approve">${text.approve}</button>
      <button type="submit" name="consent" value="deny" class="secondary">${text.deny}</button>
    </form>
  </main>
</body>
</html>
`;
}

/** A scope in words, HTML-escaped: the description of one OpenID Connect defines, else its name. */
function scopeWords(scope: string, language: FormLanguage): string {
  const text = CONSENT_TEXT[language];
  const described = Object.prototype.hasOwnProperty.call(text.scopes, scope) ? text.scopes[scope] : undefined;
  return described === undefined ? `${escape(text.otherScope)}<code>${escape(scope)}</code>` : escape(described);
}
