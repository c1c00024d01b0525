import { AuthorizationRequestError } from '../../../domain/authorizationErrors';
import type { AuthorizationCheck } from './AuthorizationParameters';

/** OAuth 2.0 Multiple Response Types §2.1: `code` answers in the query; any other `response_mode` asked for is refused. */
export const checkResponseMode: AuthorizationCheck = ({ parameters }) => {
  const mode = parameters.response_mode;
  if (mode !== undefined && mode !== 'query') throw new AuthorizationRequestError('invalid_request', 'response_mode must be query');
};
