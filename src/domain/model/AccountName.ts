/**
 * Characters no account name, password or client credential may hold: the C0
 * controls U+0000–U+001F (NUL among them, which PostgreSQL cannot store), DEL,
 * and UTF-16 halves of a surrogate pair standing alone (not text in any
 * encoding a store would keep).
 */
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f]|\p{Cs}/u;

/** True when the text holds no control character and no lone surrogate. */
export function isSafeText(value: string): boolean {
  return !UNSAFE_CHARACTER.test(value);
}

/**
 * The comparison key of an account name: NFKC (full-width `ｂｏｂ` and
 * ligatures become their plain letters) and case-folded (`BOB` is `bob`,
 * `ß` is `ss`). Two accounts with the same key are the same account: the store
 * refuses the second, and a login under either spelling finds the one.
 */
export function accountKey(account: string): string {
  return account.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}
