import { AuthorizationRequestError } from '../../../domain/authorizationErrors';
import type { AuthorizationCheck } from './AuthorizationParameters';

/** OpenID Connect Core §3.1.2.1 `max_age`: whole seconds (at most nine digits); a sign-in older does not count (loginPrompt). */
export const checkMaxAge: AuthorizationCheck = ({ parameters }, draft) => {
  const text = parameters.max_age;
  if (text === undefined) return;
  if (!/^\d{1,9}$/.test(text)) throw new AuthorizationRequestError('invalid_request', 'max_age must be a number of seconds');
  draft.maxAge = Number(text);
};
