import { randomBytes, scrypt } from 'node:crypto';
import { DEFAULT_SCRYPT_PARAMETERS, type ScryptParameters } from '../../src/infrastructure/auth/ScryptPasswordHasher';
import { loadAuthServerConfig } from '../../src/infrastructure/config/AuthServerConfig';
import { cpuNsOf } from './processes';

/**
 * The parameters of a new password hash at the service's defaults, built as
 * its infrastructure module builds its hasher: the constant's r, p and
 * lengths, N from AUTH_PASSWORD_HASH_COST's default.
 */
export function defaultScryptParameters(): ScryptParameters {
  return { ...DEFAULT_SCRYPT_PARAMETERS, N: 2 ** loadAuthServerConfig({}).passwordHashCost };
}

export interface ScryptRun {
  readonly hashes: number;
  readonly seconds: number;
  /** CPU time of this process meanwhile, every thread (libuv's pool hashes). */
  readonly cpuSeconds: number;
}

/**
 * The physical floor of a password login: node:crypto scrypt with `parameters`,
 * `parallel` hashes in flight on libuv's pool (each lane starts the next as one
 * ends) for `seconds`, with this process's CPU time over the same span (the
 * process does nothing else meanwhile).
 */
export async function rawScrypt(parameters: ScryptParameters, seconds: number, parallel: number): Promise<ScryptRun> {
  const { N, r, p, keyLength, saltLength } = parameters;
  // The memory bound the service's hasher allows (node refuses above 32 MiB by default); it costs no CPU.
  const options = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  const hash = () =>
    new Promise<void>((resolve, reject) => scrypt('bench-password', randomBytes(saltLength), keyLength, options, (error) => (error ? reject(error) : resolve())));
  const cpuBefore = cpuNsOf(process.pid);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let hashes = 0;
  const lane = async () => {
    while (performance.now() < deadline) {
      await hash();
      hashes++;
    }
  };
  await Promise.all(Array.from({ length: parallel }, lane));
  return { hashes, seconds: (performance.now() - started) / 1000, cpuSeconds: (cpuNsOf(process.pid) - cpuBefore) / 1e9 };
}
