import type { OAuthClient } from '../../../domain/model/OAuthClient';
import type { IdTokenHints } from '../../../domain/ports/IdTokenHints';
import { UntrustedRedirectError } from '../../../domain/grantErrors';
import type { OAuthClientStore } from '../../../domain/ports/OAuthClientStore';
import type { AuthorizationRequest } from './AuthorizationRequest';
import type { AuthorizationCheck, AuthorizationDraft, AuthorizationParameters, ParRequirement, PkceRequirement } from './AuthorizationParameters';
import { checkPushedRequest } from './checkPushedRequest';
import { checkAcrValues } from './checkAcrValues';
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
 * The authorization request, checked: first where it may be answered at all
 * (trustedRedirect: an exact match with a registered redirect URI, else
 * UntrustedRedirectError and an error page), then its checks, in the order
 * the first failure is reported (oidc-provider's `lib/actions/authorization`): each one rule with its error. The result is
 * the request the prompts and the code are made of.
 */
export class CheckAuthorizationRequest {
  private readonly checks: readonly AuthorizationCheck[];

  constructor(
    private readonly clients: Pick<OAuthClientStore, 'find'>,
    hints: IdTokenHints,
    private readonly pkce: PkceRequirement,
    private readonly par: ParRequirement,
  ) {
    // Scope before PKCE: whether PKCE may be left out depends on openid being granted.
    this.checks = [checkClientGrant, checkPushedRequest, checkResponseType, checkRequestObject, checkResponseMode, checkPrompt, checkScope, checkPkce, checkMaxAge, checkAcrValues, checkIdTokenHint(hints)];
  }

  /** The registered client and the redirect URI to answer; without one given, the client's only one. */
  async trustedRedirect(clientId: string | undefined, redirectUri: string | undefined): Promise<{ client: OAuthClient; redirectUri: string }> {
    const client = clientId === undefined ? null : await this.clients.find(clientId);
    if (client === null) throw new UntrustedRedirectError('unknown client');
    if (redirectUri === undefined) {
      if (client.redirectUris.length !== 1) throw new UntrustedRedirectError('redirect_uri is required');
      return { client, redirectUri: client.redirectUris[0] };
    }
    if (!client.redirectUris.includes(redirectUri)) throw new UntrustedRedirectError('redirect_uri is not registered for this client');
    return { client, redirectUri };
  }

  /**
   * The request's checks for a trusted client and redirect URI, its parameters `pushed` by the client (RFC 9126)
   * or from the front channel; throws the first failure (AuthorizationRequestError, a scope error).
   */
  execute(client: OAuthClient, redirectUri: string, parameters: AuthorizationParameters, pushed: boolean): AuthorizationRequest {
    const draft: AuthorizationDraft = {};
    for (const check of this.checks) check({ client, parameters, pkce: this.pkce, pushed, par: this.par }, draft);
    const { codeChallenge, granted, prompts, maxAge, acr, idTokenHintSubject } = draft;
    const { nonce } = parameters;
    return {
      clientId: client.id,
      redirectUri,
      ...(codeChallenge === undefined ? {} : { codeChallenge }),
      granted: granted!,
      ...(nonce === undefined ? {} : { nonce }),
      ...(maxAge === undefined ? {} : { maxAge }),
      ...(acr === undefined ? {} : { acr }),
      prompts: prompts!,
      ...(idTokenHintSubject === undefined ? {} : { idTokenHintSubject }),
    };
  }
}
