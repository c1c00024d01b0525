/**
 * Characters no client id or client secret may hold. RFC 6749 Appendix A.1/A.2
 * allow only VSCHAR (printable ASCII); registered non-ASCII ids are tolerated,
 * but nothing non-printable: Unicode category C (C0 and C1 controls, DEL,
 * format characters such as U+200B or a bidi override, lone surrogates,
 * private use, unassigned). Such a value never reaches the client registry,
 * the attempt counters (NUL cannot be stored by PostgreSQL) or a log line.
 */
const NON_PRINTABLE = /\p{C}/u;

/** True when `value` is printable text, fit to be a client id or client secret. */
export function isClientCredentialText(value: string): boolean {
  return !NON_PRINTABLE.test(value);
}
