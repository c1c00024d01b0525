/**
 * RFC 8628 §6.1: 20 consonants, no vowels (no words spelled by chance) and
 * none easily confused; 8 of them give 20^8 ≈ 2^34.6 codes, enough under the
 * guessing limits for codes that live minutes.
 */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

export const USER_CODE_LENGTH = 8;

/** A user code as sent and shown: `XXXX-XXXX`. */
export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * What a user typed, normalised (RFC 8628 §6.1: case-insensitive, dashes and
 * spaces ignored); null when it cannot be one of our codes, so a typo is
 * refused without a lookup.
 */
export function normalizeUserCode(input: string): string | null {
  if (input.length > 32) return null;
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== USER_CODE_LENGTH) return null;
  for (const letter of code) if (!USER_CODE_ALPHABET.includes(letter)) return null;
  return code;
}
