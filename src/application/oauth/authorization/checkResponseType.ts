import { AuthorizationRequestError } from '../../../domain/authorizationErrors';
import type { AuthorizationCheck } from './AuthorizationParameters';

/** RFC 6749 §4.1.1: `response_type` is required, and only `code` is served (§4.1.2.1 `unsupported_response_type`). */
export const checkResponseType: AuthorizationCheck = ({ parameters }) => {
  if (parameters.response_type === undefined) throw new AuthorizationRequestError('invalid_request', 'response_type is required');
  if (parameters.response_type !== 'code') throw new AuthorizationRequestError('unsupported_response_type', 'only response_type=code is supported');
};
