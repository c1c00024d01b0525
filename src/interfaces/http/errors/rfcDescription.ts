/** RFC 6749 §4.1.2.1, §5.2 (and RFC 6750 §3): `error_description` is %x20-21 / %x23-5B / %x5D-7E, no `"` and no `\`. */
const ALLOWED = /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/;
const DISALLOWED = /[^\x20-\x21\x23-\x5b\x5d-\x7e]/g;

/** True when `text` may be sent as an `error_description`. */
export function isRfcDescription(text: string): boolean {
  return ALLOWED.test(text);
}

/**
 * `text` as an `error_description` may carry it: a quoted value keeps its quotes as apostrophes, any other
 * character outside the RFC's set becomes `?`. Descriptions can quote what the request sent, which may hold anything.
 */
export function rfcDescription(text: string): string {
  return text.replaceAll('"', "'").replace(DISALLOWED, '?');
}
