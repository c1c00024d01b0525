import { controller, httpGet, type interfaces } from 'inversify-express-utils';
import type { CurrentUserDetails } from '@auth-service/client';
import { currentUser } from '@auth-service/client/inversify';
import { ok, type ServerResponse } from '../envelope';
import { MESSAGES } from '../messages';

/** The user behind the request's token; the same on the auth service and on client services. */
@controller('/current/user')
export class CurrentUserController {
  @httpGet('/details')
  details(@currentUser() user: interfaces.Principal<CurrentUserDetails>): ServerResponse<CurrentUserDetails> {
    return ok(user.details, MESSAGES.succeeded);
  }
}
