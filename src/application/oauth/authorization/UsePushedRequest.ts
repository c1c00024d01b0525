import type { Clock } from '@auth-service/client';
import { InvalidRequestUriError } from '../../../domain/authorizationErrors';
import { epochSeconds } from '../../../domain/model/epochSeconds';
import type { PushedRequestStore } from '../../../domain/ports/PushedRequestStore';
import type { AuthorizationParameters } from './AuthorizationParameters';

export interface UsePushedRequestInput {
  /** The front channel's `client_id`: it must be the client that pushed the request. */
  readonly clientId: string | undefined;
  readonly requestUri: string;
}

/**
 * RFC 9126 §4: the pushed parameters a `request_uri` stands for, used once, within their lifetime, by the client
 * that pushed them; these and nothing of the front channel make the authorization request. InvalidRequestUriError
 * otherwise (another client's request is left for its own).
 */
export class UsePushedRequest {
  constructor(
    private readonly store: Pick<PushedRequestStore, 'take'>,
    private readonly clock: Clock,
  ) {}

  async execute(input: UsePushedRequestInput): Promise<AuthorizationParameters> {
    if (input.clientId === undefined) throw new InvalidRequestUriError();
    const pushed = await this.store.take(input.requestUri, input.clientId);
    if (pushed === null || pushed.expiresAt <= epochSeconds(this.clock.now())) throw new InvalidRequestUriError();
    return pushed.parameters as AuthorizationParameters;
  }
}
