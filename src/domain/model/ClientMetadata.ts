import { InvalidRequestError } from '../errors';

/**
 * What a client registration tells the user about the app (RFC 7591 §2
 * `client_name`, `logo_uri`, `policy_uri`, `tos_uri`), shown on the sign-in,
 * consent and logout pages; each null when not registered.
 */
export interface ClientMetadata {
  readonly name: string | null;
  readonly logoUri: string | null;
  readonly policyUri: string | null;
  readonly tosUri: string | null;
}

/** A client registered without any. */
export const NO_CLIENT_METADATA: ClientMetadata = Object.freeze({ name: null, logoUri: null, policyUri: null, tosUri: null });

/** The metadata as given: a value left out (undefined) or empty is not registered. */
export type ClientMetadataInput = { readonly [field in keyof ClientMetadata]?: string | null };

export const MAX_CLIENT_NAME_LENGTH = 100;
export const MAX_CLIENT_METADATA_URI_LENGTH = 2048;

/** The option that sets each field, named in a refusal. */
const FLAGS: Readonly<Record<keyof ClientMetadata, string>> = { name: '--name', logoUri: '--logo-uri', policyUri: '--policy-uri', tosUri: '--tos-uri' };

/** Checks the metadata; an empty value clears a field. Throws InvalidRequestError naming the flag of the first bad value. */
export function clientMetadataOf(input: ClientMetadataInput): ClientMetadata {
  const name = presentOrNull(input.name);
  if (name !== null && (name.length > MAX_CLIENT_NAME_LENGTH || name.trim() !== name || /[\x00-\x1f\x7f]/.test(name))) {
    throw new InvalidRequestError(`${FLAGS.name} must be at most ${MAX_CLIENT_NAME_LENGTH} characters, without control characters or surrounding spaces`, { field: 'name' });
  }
  return { name, logoUri: checkedUri(input, 'logoUri'), policyUri: checkedUri(input, 'policyUri'), tosUri: checkedUri(input, 'tosUri') };
}

function checkedUri(input: ClientMetadataInput, field: 'logoUri' | 'policyUri' | 'tosUri'): string | null {
  const uri = presentOrNull(input[field]);
  if (uri !== null && !isPageUri(uri)) {
    throw new InvalidRequestError(`${FLAGS[field]} ${JSON.stringify(uri)} must be an absolute https URL (http only on a loopback host) without a fragment`, { field });
  }
  return uri;
}

function presentOrNull(value: string | null | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

/** A page the user's browser is sent to or loads: https, or http on a loopback host (as for redirect URIs), never javascript: or data:. */
function isPageUri(text: string): boolean {
  if (text.length > MAX_CLIENT_METADATA_URI_LENGTH || /[\s\x00-\x1f\x7f#]/.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
