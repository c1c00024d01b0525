import type { OAuthClient } from '../../../domain/model/OAuthClient';
import type { IdTokenHints } from '../../../domain/ports/IdTokenHints';
import type { AuthorizationRequest } from '../Authorize';
import type { AuthorizationCheck, AuthorizationDraft, AuthorizationParameters, PkceRequirement } from './AuthorizationParameters';
import { checkClientGrant } from './checkClientGrant';
import { checkIdTokenHint } from './checkIdTokenHint';
import { checkMaxAge } from './checkMaxAge';
import { checkPkce } from './checkPkce';
import { checkPrompt } from './checkPrompt';
import { checkRequestObject } from './checkRequestObject';
import { checkResponseMode } from './checkResponseMode';
import { checkResponseType } from './checkResponseType';
import { checkScope } from './checkScope';

/**
 * The authorization request's checks, once its client and redirect URI are
 * trusted, in the order the first failure is reported (oidc-provider's
 * `lib/actions/authorization`): each one rule with its error. The result is
 * the request the prompts and the code are made of.
 */
export class CheckAuthorizationRequest {
  private readonly checks: readonly AuthorizationCheck[];

  constructor(
    hints: IdTokenHints,
    private readonly pkce: PkceRequirement,
  ) {
    // Scope before PKCE: whether PKCE may be left out depends on openid being granted.
    this.checks = [checkClientGrant, checkResponseType, checkRequestObject, checkResponseMode, checkPrompt, checkScope, checkPkce, checkMaxAge, checkIdTokenHint(hints)];
  }

  execute(client: OAuthClient, redirectUri: string, parameters: AuthorizationParameters): AuthorizationRequest {
    const draft: AuthorizationDraft = {};
    for (const check of this.checks) check({ client, parameters, pkce: this.pkce }, draft);
    const { codeChallenge, granted, prompts, maxAge, idTokenHintSubject } = draft;
    const { nonce } = parameters;
    return {
      clientId: client.id,
      redirectUri,
      ...(codeChallenge === undefined ? {} : { codeChallenge }),
      granted: granted!,
      ...(nonce === undefined ? {} : { nonce }),
      ...(maxAge === undefined ? {} : { maxAge }),
      prompts: prompts!,
      ...(idTokenHintSubject === undefined ? {} : { idTokenHintSubject }),
    };
  }
}
