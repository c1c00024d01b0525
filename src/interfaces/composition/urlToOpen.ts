import type { AddressInfo } from 'node:net';

/**
 * The page a listening line names, as a browser on this machine opens it: a wildcard bind address
 * (`::`, `0.0.0.0`) is opened as localhost, an IPv6 address in brackets.
 */
export function urlToOpen(address: AddressInfo, path: string): string {
  const wildcard = address.address === '::' || address.address === '0.0.0.0';
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}/${path}`;
}
