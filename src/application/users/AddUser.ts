import { AccountTakenError, InvalidRequestError } from '../../domain/errors';
import { accountKey, isSafeText } from '../../domain/model/AccountName';
import { MEMBER_USER_TYPE } from '../../domain/model/AuthenticatedUser';
import { summaryOf, USER_FIELD_LIMITS, type UserAccount, type UserSummary } from '../../domain/model/UserAccount';
import type { Clock } from '@auth-service/client';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { IdGenerator } from '../../domain/ports/IdGenerator';
import type { PasswordHasher } from '../../domain/ports/PasswordHasher';
import type { UserRepository } from '../../domain/ports/UserRepository';
import { checkNewPassword } from './passwordRule';

export interface AddUserInput {
  readonly account: string;
  readonly password: string;
  readonly nickName: string;
  /** Defaults to the member user type. */
  readonly userType?: string;
  readonly tenantId?: string;
  readonly telephone?: string;
  readonly avatar?: string;
  readonly email?: string;
  readonly grade?: string;
}

export type AddUserResult = UserSummary;

type OptionalField = 'tenantId' | 'telephone' | 'avatar' | 'email' | 'grade';
const OPTIONAL_FIELDS: readonly OptionalField[] = ['tenantId', 'telephone', 'avatar', 'email', 'grade'];

/** Creates an active user with a freshly hashed password. Throws InvalidRequestError or AccountTakenError. */
export class AddUser {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: AddUserInput): Promise<AddUserResult> {
    const account = checkedText('account', input.account, USER_FIELD_LIMITS.account);
    if (accountKey(account).length > USER_FIELD_LIMITS.account) {
      throw new InvalidRequestError(`account must be at most ${USER_FIELD_LIMITS.account} characters once normalised (NFKC)`, { field: 'account' });
    }
    checkNewPassword(input.password);
    const optional = {} as Record<OptionalField, string | null>;
    for (const field of OPTIONAL_FIELDS) {
      const value = input[field];
      optional[field] = value === undefined ? null : checkedText(field, value, USER_FIELD_LIMITS[field]);
    }
    const now = this.clock.now();
    const user: UserAccount = {
      id: this.ids.next(),
      account,
      nickName: checkedText('nickName', input.nickName, USER_FIELD_LIMITS.nickName),
      userType: checkedText('userType', input.userType ?? MEMBER_USER_TYPE, USER_FIELD_LIMITS.userType),
      ...optional,
      passwordHash: await this.hasher.hash(input.password),
      status: 'active',
      createdAt: now,
      updatedAt: now,
    };
    // Look-alikes (`ｂｏｂ`, `BOB` beside `bob`) are the same account: say which one exists.
    // The store's unique key still decides when two adds race.
    const existing = await this.users.findByAccount(account);
    if (existing) throw new AccountTakenError(account, { existing: existing.account });
    await this.users.add(user);
    const summary = summaryOf(user);
    const { id, account: added, createdAt, updatedAt, ...fields } = summary;
    this.trail.record({ type: 'user.created', outcome: 'success', account: added, details: { subject: id, after: fields } });
    return summary;
  }
}

/** Non-blank, no surrounding spaces, control characters or lone surrogates, within the column size. */
function checkedText(field: string, value: string, maxLength: number): string {
  if (value.length === 0 || value.length > maxLength || value.trim() !== value || !isSafeText(value)) {
    throw new InvalidRequestError(`${field} must be 1 to ${maxLength} characters without surrounding spaces or control characters`, { field });
  }
  return value;
}
