import { accountKey } from '../../domain/model/AccountName';
import { knownSourceKey, type AttemptPlan } from '../../domain/ports/AttemptLimiter';

/** Case and surrounding spaces do not make a different account for the limit. */
export function accountSubject(username: string): string {
  // The store's comparison key (NFKC, case-folded): `ｂｏｂ` and `BOB` spend `bob`'s attempts.
  return `account:${accountKey(username.trim().slice(0, 256))}`;
}

/**
 * The keys one guess at an account counts against: its address and the
 * account, or a remembered address's own allowance for it.
 */
export function loginAttemptPlan(username: string, address: string | undefined): AttemptPlan {
  const account = accountSubject(username);
  return address === undefined
    ? { subject: account, otherwise: [account] }
    : { subject: account, from: { source: address, whenKnown: [knownSourceKey(account, address)] }, otherwise: [`address:${address}`, account] };
}

/**
 * The keys one second-factor guess counts against: its address and the
 * account, always. Whoever sends one already knows the password, so no
 * remembered address is spared: codes guessed from many addresses all spend
 * the account's allowance, and past it the right code is refused as well.
 */
export function secondFactorAttemptPlan(username: string, address: string | undefined): AttemptPlan {
  const account = accountSubject(username);
  return { subject: account, otherwise: address === undefined ? [account] : [`address:${address}`, account] };
}
