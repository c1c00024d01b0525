import { isSafeText } from '../../../domain/model/AccountName';
import type { AuthenticatedUser } from '../../../domain/model/AuthenticatedUser';
import { USER_FIELD_LIMITS } from '../../../domain/model/UserAccount';

/** What is wrong with a module's answer: the field (`user` for the answer as a whole), which rule it breaks, and how. */
export interface UserFieldProblem {
  readonly field: string;
  /** `type`: not a (non-empty) string where one is needed; `length`: beyond the size kept; `text`: a control character or lone surrogate. */
  readonly rule: 'type' | 'length' | 'text';
  readonly problem: string;
}

/** A module's user as signed in (the tokens' claims), and its email address, kept out of tokens (userinfo's `email`). */
export interface ModuleUser {
  readonly user: AuthenticatedUser;
  readonly email: string | null;
}

export type CheckedUser = ModuleUser | { readonly invalid: UserFieldProblem };

/** Longest user id accepted: ids become the tokens' `sub`, and no store's key needs more. */
const ID_LIMIT = 256;

const REQUIRED = { id: ID_LIMIT, account: USER_FIELD_LIMITS.account, nickName: USER_FIELD_LIMITS.nickName, userType: USER_FIELD_LIMITS.userType } as const;
const OPTIONAL = {
  tenantId: USER_FIELD_LIMITS.tenantId,
  avatar: USER_FIELD_LIMITS.avatar,
  telephone: USER_FIELD_LIMITS.telephone,
  email: USER_FIELD_LIMITS.email,
  grade: USER_FIELD_LIMITS.grade,
} as const;

/**
 * A module's user, checked field by field before anything is signed: the
 * required fields non-empty strings, the optional ones strings, null or
 * absent, all within the sizes the built-in store keeps and free of control
 * characters (they go into tokens and logs). Only the known fields are copied,
 * so nothing else a module returns (a password hash, say) reaches a token.
 */
export function checkedUserStoreUser(answer: unknown): CheckedUser {
  const [first] = userFieldProblems(answer);
  if (first !== undefined) return { invalid: first };
  const fields = answer as Record<string, unknown>;
  const optional = (field: keyof typeof OPTIONAL): string | null => (typeof fields[field] === 'string' ? (fields[field] as string) : null);
  return {
    user: {
      id: fields.id as string,
      account: fields.account as string,
      nickName: fields.nickName as string,
      userType: fields.userType as string,
      tenantId: optional('tenantId'),
      telephone: optional('telephone'),
      avatar: optional('avatar'),
      grade: optional('grade'),
    },
    email: optional('email'),
  };
}

/** Every problem of a module's answer, field by field in the contract's order (the contract command reports them all). */
export function userFieldProblems(answer: unknown): UserFieldProblem[] {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
    return [{ field: 'user', rule: 'type', problem: `expected an object or null, got ${describe(answer)}` }];
  }
  const fields = answer as Record<string, unknown>;
  const problems: UserFieldProblem[] = [];
  for (const [field, limit] of Object.entries(REQUIRED)) {
    const problem = textProblem(fields[field], limit, false);
    if (problem !== null) problems.push({ field, ...problem });
  }
  for (const [field, limit] of Object.entries(OPTIONAL)) {
    const problem = textProblem(fields[field], limit, true);
    if (problem !== null) problems.push({ field, ...problem });
  }
  return problems;
}

function textProblem(value: unknown, limit: number, optional: boolean): Omit<UserFieldProblem, 'field'> | null {
  if (optional && (value === undefined || value === null)) return null;
  const expected = optional ? 'a string, null or nothing' : 'a non-empty string';
  if (typeof value !== 'string') return { rule: 'type', problem: `expected ${expected}, got ${describe(value)}` };
  if (!optional && value === '') return { rule: 'type', problem: `expected ${expected}, got an empty string` };
  if (value.length > limit) return { rule: 'length', problem: `longer than ${limit} characters (${value.length})` };
  if (!isSafeText(value)) return { rule: 'text', problem: 'holds a control character or a lone surrogate' };
  return null;
}

/** The type of a value, never the value itself: it may be personal data, and it is logged. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}
