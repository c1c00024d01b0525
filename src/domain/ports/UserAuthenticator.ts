import type { AuthenticatedUser } from '../model/AuthenticatedUser';

/** Decides who a username/password pair belongs to. Throws InvalidCredentialsError otherwise. */
export interface UserAuthenticator {
  authenticate(username: string, password: string): Promise<AuthenticatedUser>;
}
