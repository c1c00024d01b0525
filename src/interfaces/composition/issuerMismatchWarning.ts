/**
 * What an operator reads when the issuer recorded at the first start is not this instance's address: OpenID
 * libraries compare the discovered `issuer` with the URL they were given and refuse it ("issuer does not match").
 */
export function issuerMismatchWarning(recorded: string, thisInstance: string): string {
  return (
    `the issuer recorded in the store at the first start (${recorded}) differs from this instance's address (${thisInstance}): ` +
    `relying parties that discover ${thisInstance} refuse it with "issuer does not match"; ` +
    'set AUTH_ISSUER to the URL clients use (every instance the same)'
  );
}
