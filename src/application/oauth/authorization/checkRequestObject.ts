import { AuthorizationRequestError } from '../../../domain/authorizationErrors';
import type { AuthorizationCheck } from './AuthorizationParameters';

/**
 * OpenID Connect Core §6: request objects are not supported (discovery says
 * `request_parameter_supported: false`, `request_uri_parameter_supported: false`),
 * so a request carrying one is refused with §6.1–6.2's own codes rather than
 * answered without the parameters it holds.
 */
export const checkRequestObject: AuthorizationCheck = ({ parameters }) => {
  if (parameters.request !== undefined) throw new AuthorizationRequestError('request_not_supported', 'the request parameter is not supported');
  if (parameters.request_uri !== undefined) throw new AuthorizationRequestError('request_uri_not_supported', 'the request_uri parameter is not supported');
};
