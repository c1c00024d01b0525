import { UserNotFoundError } from '../../domain/errors';
import type { Consent, ConsentStore } from '../../domain/ports/ConsentStore';
import type { UserRepository } from '../../domain/ports/UserRepository';

export interface ListConsentsInput {
  readonly account: string;
}

/** The clients a user approved and the scopes of each (`users consents`). Throws UserNotFoundError. */
export class ListConsents {
  constructor(
    private readonly users: Pick<UserRepository, 'findByAccount'>,
    private readonly consents: Pick<ConsentStore, 'listOfSubject'>,
  ) {}

  async execute(input: ListConsentsInput): Promise<readonly Consent[]> {
    const user = await this.users.findByAccount(input.account);
    if (!user) throw new UserNotFoundError(input.account);
    return this.consents.listOfSubject(user.id);
  }
}
