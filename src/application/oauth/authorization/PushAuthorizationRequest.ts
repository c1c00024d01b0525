import type { Clock } from '@auth-service/client';
import { AuthorizationRequestError } from '../../../domain/authorizationErrors';
import { epochSeconds } from '../../../domain/model/epochSeconds';
import { PUSHED_REQUEST_SECONDS, PUSHED_REQUEST_URI_PREFIX } from '../../../domain/model/PushedAuthorizationRequest';
import type { PushedRequestStore } from '../../../domain/ports/PushedRequestStore';
import type { SecretGenerator } from '../../../domain/ports/SecretGenerator';
import type { AuthenticatedClient } from '../../clients/AuthenticateClient';
import type { AuthorizationParameters } from './AuthorizationParameters';
import type { CheckAuthorizationRequest } from './CheckAuthorizationRequest';

export interface PushAuthorizationRequestInput {
  /** The client as the endpoint authenticated it (as at the token endpoint; a public client by its client_id). */
  readonly client: AuthenticatedClient;
  readonly parameters: AuthorizationParameters;
}

export interface PushAuthorizationRequestResult {
  readonly requestUri: string;
  readonly expiresIn: number;
}

/**
 * RFC 9126 §2: an authorization request pushed by its authenticated client, checked as the authorization
 * endpoint checks one (CheckAuthorizationRequest: its redirect URI registered, then every rule), then kept
 * in the shared store for PUSHED_REQUEST_SECONDS under an unguessable `request_uri`. Refused (thrown, never
 * stored): a `request_uri` among the parameters (§2.1), a `client_id` other than the authenticated client's,
 * an unregistered redirect URI (UntrustedRedirectError), or the first failing check.
 */
export class PushAuthorizationRequest {
  constructor(
    private readonly check: Pick<CheckAuthorizationRequest, 'trustedRedirect' | 'execute'>,
    private readonly store: Pick<PushedRequestStore, 'add' | 'purge'>,
    private readonly secrets: SecretGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: PushAuthorizationRequestInput): Promise<PushAuthorizationRequestResult> {
    const { client, parameters } = input;
    if (parameters.request_uri !== undefined) throw new AuthorizationRequestError('invalid_request', 'request_uri may not be pushed');
    if (parameters.client_id !== undefined && parameters.client_id !== client.id) {
      throw new AuthorizationRequestError('invalid_request', 'client_id differs from the authenticated client');
    }
    const trusted = await this.check.trustedRedirect(client.id, parameters.redirect_uri);
    const pushed: AuthorizationParameters = { ...parameters, client_id: client.id };
    this.check.execute(trusted.client, trusted.redirectUri, pushed, true);
    const now = epochSeconds(this.clock.now());
    const requestUri = `${PUSHED_REQUEST_URI_PREFIX}${this.secrets.next()}`;
    await this.store.add({ requestUri, clientId: client.id, parameters: pushed, expiresAt: now + PUSHED_REQUEST_SECONDS });
    // Expired requests serve no one: cleared out where they are made, as codes are.
    await this.store.purge(now);
    return { requestUri, expiresIn: PUSHED_REQUEST_SECONDS };
  }
}
