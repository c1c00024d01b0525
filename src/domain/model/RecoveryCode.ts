/** How many recovery codes a user gets at once. */
export const RECOVERY_CODE_COUNT = 10;

const BASE32 = /^[A-Z2-7]{10}$/;

/**
 * A recovery code as typed, in the form the store compares: upper case,
 * without the dash or spaces (`abcde-fghij` is `ABCDEFGHIJ`); null when it is
 * not ten base32 characters, so it is no recovery code at all.
 */
export function normaliseRecoveryCode(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '').toUpperCase();
  return BASE32.test(compact) ? compact : null;
}
