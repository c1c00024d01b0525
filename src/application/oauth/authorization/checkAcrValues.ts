import { requestedAcr } from '../../../domain/model/AuthenticationLevel';
import type { AuthorizationCheck } from './AuthorizationParameters';

/**
 * OpenID Connect Core §3.1.2.1 `acr_values` (a voluntary claim, §5.5.1.1):
 * the lowest level named that the service knows is the request's floor;
 * values it does not know ask for nothing (the ID token's `acr` says what was done).
 */
export const checkAcrValues: AuthorizationCheck = ({ parameters }, draft) => {
  const text = parameters.acr_values;
  if (text === undefined) return;
  // Unknown values (an empty one between two spaces too) ask for nothing: requestedAcr passes them over.
  const acr = requestedAcr(text.split(' '));
  if (acr !== null) draft.acr = acr;
};
