import type { Request, Response } from 'express';
import { injectable } from 'inversify';
import { principal, type interfaces } from 'inversify-express-utils';
import type { CurrentUserDetails } from '../../domain/model/CurrentUserDetails';
import { currentUserOf } from '../express/currentUserOf';

export { currentUserOf, setCurrentUser } from '../express/currentUserOf';

/**
 * The principal handed to handlers. It is created before the interceptor runs,
 * so it reads the verified user lazily from the response.
 */
export class TokenPrincipal implements interfaces.Principal<CurrentUserDetails | null> {
  constructor(private readonly res: Response) {}

  get details(): CurrentUserDetails | null {
    return currentUserOf(this.res);
  }

  async isAuthenticated(): Promise<boolean> {
    return this.details !== null;
  }

  async isInRole(role: string): Promise<boolean> {
    return this.details?.userType === role;
  }

  /** A client principal (`id` null) owns nothing, not even a resource whose id is null. */
  async isResourceOwner(resourceId: unknown): Promise<boolean> {
    const id = this.details?.id;
    return typeof id === 'string' && id === resourceId;
  }
}

@injectable()
export class TokenPrincipalProvider implements interfaces.AuthProvider {
  async getUser(_req: Request, res: Response): Promise<interfaces.Principal> {
    return new TokenPrincipal(res);
  }
}

/**
 * Parameter decorator for controller handlers: the request's principal, whose
 * `details` is the CurrentUserDetails resolved from the bearer token. Works only
 * in controllers, like the original's current-user annotation.
 */
export const currentUser = principal;
