import { AuthorizationRequestError } from '../../../domain/authorizationErrors';
import type { IdTokenHints } from '../../../domain/ports/IdTokenHints';
import type { AuthorizationCheck } from './AuthorizationParameters';

/**
 * OpenID Connect Core §3.1.2.1 `id_token_hint`: an ID token this service
 * issued to this client (expired ones too: it is a hint, it grants nothing);
 * its subject must then be the signed-in user (loginPrompt). Anything else is `invalid_request`.
 */
export function checkIdTokenHint(hints: IdTokenHints): AuthorizationCheck {
  return ({ client, parameters }, draft) => {
    if (parameters.id_token_hint === undefined) return;
    const hint = hints.read(parameters.id_token_hint);
    if (hint === null || hint.clientId !== client.id) throw new AuthorizationRequestError('invalid_request', 'id_token_hint is not an ID token issued to this client');
    draft.idTokenHintSubject = hint.subject;
  };
}
