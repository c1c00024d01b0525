import { accountKey } from '../../domain/model/AccountName';
import { knownSourceKey, type AttemptPlan } from '../../domain/ports/AttemptLimiter';

/** Case and surrounding spaces do not make a different account for the limit. */
export function accountSubject(username: string): string {
  // The store's comparison key (NFKC, case-folded): `ｂｏｂ` and `BOB` spend `bob`'s attempts.
  return `account:${accountKey(username.trim().slice(0, 256))}`;
}

/**
 * The keys one guess at an account counts against: its address and the
 * account, or a remembered address's own allowance for it. Passwords and
 * second-factor codes spend the same allowance, so a code costs what a password does.
 */
export function loginAttemptPlan(username: string, address: string | undefined): AttemptPlan {
  const account = accountSubject(username);
  return address === undefined
    ? { subject: account, otherwise: [account] }
    : { subject: account, from: { source: address, whenKnown: [knownSourceKey(account, address)] }, otherwise: [`address:${address}`, account] };
}
