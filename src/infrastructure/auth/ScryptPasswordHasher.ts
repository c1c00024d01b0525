import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '../../domain/ports/PasswordHasher';

export interface ScryptParameters {
  /** CPU/memory cost, a power of two. */
  readonly N: number;
  /** Block size. */
  readonly r: number;
  /** Parallelisation. */
  readonly p: number;
  /** Digest length in bytes. */
  readonly keyLength: number;
  /** Salt length in bytes, fresh for every hash. */
  readonly saltLength: number;
}

/** 2^15 × 8 × 128 bytes = 32 MiB and roughly 50–100 ms per hash on a server core. */
export const DEFAULT_SCRYPT_PARAMETERS: ScryptParameters = Object.freeze({ N: 2 ** 15, r: 8, p: 1, keyLength: 32, saltLength: 16 });

/** `scrypt$N$r$p$salt$digest`, salt and digest base64url. */
const FORMAT = /^scrypt\$(\d{1,8})\$(\d{1,3})\$(\d{1,3})\$([A-Za-z0-9_-]{8,256})\$([A-Za-z0-9_-]{16,256})$/;

/**
 * Password hashes with scrypt from node:crypto. Parameters are written into
 * each hash and read back to verify it, so raising them later leaves existing
 * hashes valid. Stored parameters are bounded: a damaged row cannot make a
 * login allocate gigabytes.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  constructor(private readonly parameters: ScryptParameters = DEFAULT_SCRYPT_PARAMETERS) {
    if (!isSane(parameters.N, parameters.r, parameters.p)) throw new RangeError('unsupported scrypt parameters');
  }

  async hash(password: string): Promise<string> {
    const { N, r, p, keyLength, saltLength } = this.parameters;
    const salt = randomBytes(saltLength);
    const digest = await derive(password, salt, keyLength, N, r, p);
    return ['scrypt', N, r, p, salt.toString('base64url'), digest.toString('base64url')].join('$');
  }

  async verify(password: string, passwordHash: string): Promise<boolean> {
    const parsed = parse(passwordHash);
    if (!parsed) return false;
    const actual = await derive(password, parsed.salt, parsed.digest.length, parsed.N, parsed.r, parsed.p);
    return timingSafeEqual(actual, parsed.digest);
  }

  needsRehash(passwordHash: string): boolean {
    const parsed = parse(passwordHash);
    const { N, r, p, keyLength, saltLength } = this.parameters;
    return (
      !parsed || parsed.N !== N || parsed.r !== r || parsed.p !== p || parsed.digest.length !== keyLength || parsed.salt.length !== saltLength
    );
  }
}

interface ParsedHash {
  readonly N: number;
  readonly r: number;
  readonly p: number;
  readonly salt: Buffer;
  readonly digest: Buffer;
}

function parse(passwordHash: string): ParsedHash | null {
  const match = FORMAT.exec(passwordHash);
  if (!match) return null;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isSane(N, r, p)) return null;
  const salt = Buffer.from(match[4], 'base64url');
  const digest = Buffer.from(match[5], 'base64url');
  if (digest.length < 16 || digest.length > 128) return null;
  return { N, r, p, salt, digest };
}

function isSane(N: number, r: number, p: number): boolean {
  const powerOfTwo = Number.isInteger(N) && N >= 2 && (N & (N - 1)) === 0;
  return powerOfTwo && N <= 2 ** 20 && Number.isInteger(r) && r >= 1 && r <= 32 && Number.isInteger(p) && p >= 1 && p <= 16 && 128 * N * r <= 2 ** 30;
}

function derive(password: string, salt: Buffer, keyLength: number, N: number, r: number, p: number): Promise<Buffer> {
  // Node refuses by default above 32 MiB; allow what the parameters need.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}
