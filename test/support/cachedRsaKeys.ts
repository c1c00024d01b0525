import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** An RSA key pair as PEM text (PKCS#8 private key, SPKI public key). */
export interface RsaPemPair {
  readonly privateKey: string;
  readonly publicKey: string;
}

/**
 * Distinct RSA key pairs the suite reuses. Generating one 2048-bit pair costs 100–300 ms of CPU, and
 * the in-process tests build about 160 auth servers, each generating its first key: about 30 s of the
 * suite's CPU. No test file builds more than a dozen servers, so SLOTS distinct pairs are enough for
 * any file's servers to hold different keys (consecutive calls in one process never repeat a pair
 * within SLOTS calls).
 */
export const SLOTS = 24;

/** Shared by the suite's worker processes and kept between runs: each pair is generated once per machine. */
const CACHE = join(tmpdir(), 'auth-service-test-rsa-keys');

const inMemory = new Map<string, RsaPemPair>();
let calls = 0;

/** The next of the SLOTS cached pairs of `bits` bits (generated, and written to the cache, on first use). */
export function nextCachedRsaPair(bits = 2048): RsaPemPair {
  return cachedRsaPair(`rsa-${bits}-${calls++ % SLOTS}`, bits);
}

/**
 * The cached pair called `name` (generated, and written to the cache, on first use): other helpers
 * keep pools of their own under other names, so their keys never equal the servers' keys.
 */
export function cachedRsaPair(name: string, bits = 2048): RsaPemPair {
  const file = `${name}.json`;
  let pair = inMemory.get(file);
  if (!pair) {
    pair = readCached(file) ?? generateAndCache(file, bits);
    inMemory.set(file, pair);
  }
  return pair;
}

function readCached(name: string): RsaPemPair | undefined {
  const path = join(CACHE, name);
  if (!existsSync(path)) return undefined;
  try {
    const pair = JSON.parse(readFileSync(path, 'utf8')) as Partial<RsaPemPair>;
    if (typeof pair.privateKey === 'string' && typeof pair.publicKey === 'string') return { privateKey: pair.privateKey, publicKey: pair.publicKey };
  } catch {
    // A damaged file is generated again.
  }
  return undefined;
}

function generateAndCache(name: string, bits: number): RsaPemPair {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: bits,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  mkdirSync(CACHE, { recursive: true, mode: 0o700 });
  // Written aside and renamed: another worker reading the slot at the same moment sees all of it or nothing.
  const partial = join(CACHE, `${name}.${process.pid}.tmp`);
  writeFileSync(partial, JSON.stringify(pair), { mode: 0o600 });
  renameSync(partial, join(CACHE, name));
  return pair;
}
