import { isIP } from 'node:net';
import { text, type Env } from './envValues';

/** false: use the socket address; n: trust n proxy hops; list: trust these addresses/subnets. */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Parses a `trust proxy` setting. `true` is refused: it believes whatever
 * X-Forwarded-For a client sends, which defeats per-IP login limits.
 */
export function trustProxy(env: Env, name: string, problems: string[]): TrustProxy {
  const value = text(env, name, 'false').toLowerCase();
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) problems.push(`${name} must be false, a number of proxy hops from 0 to 10, or a comma list of addresses/subnets`);
    return hops === 0 ? false : hops;
  }
  if (value === 'true') {
    problems.push(`${name}=true would trust any X-Forwarded-For; give the number of proxy hops or the proxies' addresses`);
    return false;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry.length > 0);
  const bad = entries.filter((entry) => !NAMED_RANGES.includes(entry) && !isAddressOrSubnet(entry));
  if (bad.length > 0 || entries.length === 0) {
    problems.push(`${name} must be false, a number of proxy hops, or a comma list of addresses/subnets (${NAMED_RANGES.join(', ')}, 10.0.0.0/8, …)`);
    return false;
  }
  return entries;
}

function isAddressOrSubnet(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
