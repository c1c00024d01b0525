import { AuthorizationRequestError } from '../../../domain/authorizationErrors';
import { ACR_PASSWORD, higherAcr, type Acr } from '../../../domain/model/AuthenticationLevel';
import type { OAuthClient } from '../../../domain/model/OAuthClient';
import type { FactorPageKind } from '../../secondFactor/SecondFactorStep';
import type { AuthorizationRequest } from '../authorization/AuthorizationRequest';

/** The level a sign-in must reach for this request: the higher of `acr_values` and the client's `--require-acr`. */
export function wantedAcr(client: Pick<OAuthClient, 'requireAcr'>, request: Pick<AuthorizationRequest, 'acr'>): Acr {
  return higherAcr(request.acr ?? ACR_PASSWORD, client.requireAcr ?? ACR_PASSWORD);
}

const DESCRIPTIONS: Readonly<Record<FactorPageKind, string>> = {
  second_factor: 'the user must prove a second factor',
  enrol_factor: 'the user must enrol a second factor',
};

/** OpenID Connect Core §3.1.2.6 `interaction_required` under `prompt=none`, with the page that would have been shown. */
export function interactionRequired(page: FactorPageKind): AuthorizationRequestError {
  return new AuthorizationRequestError('interaction_required', DESCRIPTIONS[page]);
}
