import { readFileSync } from 'node:fs';
import { InvalidRequestError } from '../../domain/errors';
import type { OAuthClient } from '../../domain/model/OAuthClient';

/** `clients add|update` flags for private_key_jwt's keys (RFC 7523) and for requiring PAR (RFC 9126). */
export const CLIENT_KEYS_OPTIONS = {
  jwks: { type: 'string' },
  'jwks-uri': { type: 'string' },
  'require-par': { type: 'boolean' },
} as const;

export const CLIENT_KEYS_FLAGS = '--jwks, --jwks-uri, --require-par, --default-par';

export const CLIENT_KEYS_USAGE = `      [--jwks FILE | --jwks-uri URL] [--require-par]`;

/** Largest JWKS file read: a handful of public keys is a few kilobytes. */
const MAX_JWKS_FILE_BYTES = 64 * 1024;

type KeysValues = { readonly jwks?: string; readonly 'jwks-uri'?: string; readonly 'require-par'?: boolean; readonly 'default-par'?: boolean };

/** The flags given as the use cases' input (the JWKS file read and parsed; the registration checks its keys); a flag left out stays out. */
export function clientKeysInputOf(values: KeysValues): { jwks?: unknown; jwksUri?: string; requirePar?: boolean } {
  return {
    ...(values.jwks === undefined ? {} : { jwks: jwksFile(values.jwks) }),
    ...(values['jwks-uri'] === undefined ? {} : { jwksUri: values['jwks-uri'] }),
    ...(values['require-par'] ? { requirePar: true } : values['default-par'] ? { requirePar: false } : {}),
  };
}

/** `clients show` lines: how the client authenticates, its keys, whether it must push its requests. */
export function clientKeysLines(client: OAuthClient): string[] {
  const keys = client.jwks === undefined ? '(none)' : client.jwks.map((key, index) => key.kid ?? `#${index}`).join(' ');
  return [`JWKS: ${keys}`, `JWKS URI: ${client.jwksUri ?? '(none)'}`, `PAR required: ${client.requirePar === true ? 'yes' : 'no'}`];
}

function jwksFile(path: string): unknown {
  let text: string;
  try {
    const bytes = readFileSync(path);
    if (bytes.length > MAX_JWKS_FILE_BYTES) throw new InvalidRequestError(`the JWKS file ${JSON.stringify(path)} is larger than ${MAX_JWKS_FILE_BYTES} bytes`);
    text = bytes.toString('utf8');
  } catch (error) {
    if (error instanceof InvalidRequestError) throw error;
    throw new InvalidRequestError(`cannot read the JWKS file ${JSON.stringify(path)}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidRequestError(`the JWKS file ${JSON.stringify(path)} is not JSON`);
  }
}
