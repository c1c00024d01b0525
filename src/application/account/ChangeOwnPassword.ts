import { AccountSignInNeededError } from '../../domain/accountErrors';
import { InvalidRequestError } from '../../domain/errors';
import { ACCOUNT_PAGE_CLIENT_ID } from '../../domain/model/AccountPageClient';
import type { Login } from '../login/Login';
import type { ChangePassword } from '../users/ChangePassword';
import { checkNewPassword, longEnoughChosenPassword, MIN_PASSWORD_LENGTH } from '../users/passwordRule';
import type { AccountSession } from './OpenAccountSession';

export interface ChangeOwnPasswordInput {
  readonly session: AccountSession;
  readonly currentPassword: string;
  readonly newPassword: string;
  readonly address?: string;
}

/**
 * The user's own password change on the account page: the new password is
 * checked first (a refused one spends no attempt), then the current one as a
 * sign-in checks it, under the account's login limits (a wrong one counts,
 * past the limit even the right one is refused), then `users passwd`'s use
 * case sets it and ends every session and token of the user: the page's own
 * session too, so the next page asks for the new password.
 * InvalidRequestError, InvalidCredentialsError, TooManyLoginAttemptsError.
 */
export class ChangeOwnPassword {
  constructor(
    private readonly login: Pick<Login, 'authenticate'>,
    private readonly changePassword: Pick<ChangePassword, 'execute'>,
  ) {}

  async execute(input: ChangeOwnPasswordInput): Promise<void> {
    checkNewPassword(input.newPassword);
    if (!longEnoughChosenPassword(input.newPassword)) {
      throw new InvalidRequestError(`the password must be at least ${MIN_PASSWORD_LENGTH} characters long`, { field: 'password' });
    }
    const { user } = input.session;
    const checked = await this.login.authenticate({
      username: user.account,
      password: input.currentPassword,
      client: ACCOUNT_PAGE_CLIENT_ID,
      ...(input.address === undefined ? {} : { address: input.address }),
    });
    // The account now names someone else (removed and added again): not this session's user.
    if (checked.id !== user.id) throw new AccountSignInNeededError('the account belongs to another user now');
    await this.changePassword.execute({ account: user.account, password: input.newPassword });
  }
}
