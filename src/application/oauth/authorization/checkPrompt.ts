import { AuthorizationRequestError } from '../../../domain/authorizationErrors';
import { promptsOf } from '../../../domain/model/Prompt';
import type { AuthorizationCheck } from './AuthorizationParameters';

/** OpenID Connect Core §3.1.2.1 `prompt`: known values only, `none` alone (promptsOf); none given is the empty list. */
export const checkPrompt: AuthorizationCheck = ({ parameters }, draft) => {
  const reading = promptsOf(parameters.prompt);
  if ('problem' in reading) throw new AuthorizationRequestError('invalid_request', reading.problem);
  draft.prompts = reading.prompts;
};
