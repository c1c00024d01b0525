/**
 * The physical limit: what one thread of node:crypto signs and verifies per
 * second, with keys parsed once (KeyObject), on a signing input the size of our
 * tokens. Also times forge's RSA key generation with its native delegation on
 * and with pure JavaScript forced, to show the native path is the one in use.
 */
import { createHmac, generateKeyPairSync, randomBytes, sign, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

export interface CryptoFigures {
  readonly signPerSec: number;
  readonly verifyPerSec: number;
  /** The same per second of CPU time: what a core does when other jobs take turns on it. */
  readonly signPerCpuSec: number;
  readonly verifyPerCpuSec: number;
}

interface Rate {
  readonly wall: number;
  readonly cpu: number;
}

const SIGNING_INPUT = Buffer.from(`${'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6IngifQ'}.${randomBytes(300).toString('base64url')}`);

/** Calls `op` in a loop for `seconds` on this thread; operations per wall second and per CPU second. */
function opsPerSecond(seconds: number, op: () => void): Rate {
  const deadline = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  let count = 0;
  do {
    for (let i = 0; i < 8; i++) op();
    count += 8;
  } while (process.hrtime.bigint() < deadline);
  const cpu = process.cpuUsage(cpuBefore);
  return { wall: count / (Number(process.hrtime.bigint() - started) / 1e9), cpu: count / ((cpu.user + cpu.system) / 1e6) };
}

function figures(sign: Rate, verify: Rate): CryptoFigures {
  return { signPerSec: sign.wall, verifyPerSec: verify.wall, signPerCpuSec: sign.cpu, verifyPerCpuSec: verify.cpu };
}

export function rawCrypto(seconds: number, rsaBits: number): Record<'RS256' | 'ES256' | 'HS256', CryptoFigures> {
  const rsa = generateKeyPairSync('rsa', { modulusLength: rsaBits });
  const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const secret = randomBytes(32);
  const asymmetric = (privateKey: KeyObject, publicKey: KeyObject, extra: object): CryptoFigures => {
    const signature = sign('sha256', SIGNING_INPUT, { key: privateKey, ...extra });
    return figures(
      opsPerSecond(seconds, () => sign('sha256', SIGNING_INPUT, { key: privateKey, ...extra })),
      opsPerSecond(seconds, () => verify('sha256', SIGNING_INPUT, { key: publicKey, ...extra }, signature)),
    );
  };
  const mac = createHmac('sha256', secret).update(SIGNING_INPUT).digest();
  return {
    RS256: asymmetric(rsa.privateKey, rsa.publicKey, {}),
    ES256: asymmetric(ec.privateKey, ec.publicKey, { dsaEncoding: 'ieee-p1363' }),
    HS256: figures(
      opsPerSecond(seconds, () => createHmac('sha256', secret).update(SIGNING_INPUT).digest()),
      opsPerSecond(seconds, () => timingSafeEqual(createHmac('sha256', secret).update(SIGNING_INPUT).digest(), mac)),
    ),
  };
}

export interface ForgeFigures {
  readonly bits: number;
  readonly nativeMs: number;
  readonly pureJavaScriptMs: number;
}

/**
 * Mean milliseconds of forge RSA generation, native delegation vs pure JavaScript,
 * over `runs` keys each (prime search time varies a lot from key to key).
 */
export async function forgeGeneration(bits: number, runs: number): Promise<ForgeFigures> {
  const options = (forge as unknown as { options: { usePureJavaScript: boolean } }).options;
  const generate = async (): Promise<number> => {
    const started = process.hrtime.bigint();
    await new Promise<void>((resolve, reject) => {
      forge.pki.rsa.generateKeyPair({ bits, e: 0x10001 }, (error) => (error ? reject(error) : resolve()));
    });
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const mean = async (): Promise<number> => {
    let total = 0;
    for (let i = 0; i < runs; i++) total += await generate();
    return total / runs;
  };
  const nativeMs = await mean();
  const previous = options.usePureJavaScript;
  options.usePureJavaScript = true;
  try {
    return { bits, nativeMs, pureJavaScriptMs: await mean() };
  } finally {
    options.usePureJavaScript = previous;
  }
}
