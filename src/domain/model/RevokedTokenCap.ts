/**
 * Where a subject's revoked tokens fold so that at most `cap` stay listed one
 * by one: the iat (epoch seconds) of the newest token beyond the cap; every
 * token of the subject issued at or before it folds into a not-before of that
 * iat + 1. Null while they fit. A hard bound even when many tokens share one
 * second (iat has second precision): the whole second of the token beyond the
 * cap folds, including its peers within the cap. The price: the subject's
 * other tokens issued in that second (another session's) are refused too, and
 * its refresh families begun by then end at their next refresh; at most one
 * second more than the fold of older tokens alone would cost.
 */
export function foldedThrough(issuedAtNewestFirst: readonly number[], cap: number): number | null {
  return issuedAtNewestFirst.length > cap ? issuedAtNewestFirst[cap] : null;
}
