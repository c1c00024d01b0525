/**
 * What a DPoP-bound token costs a resource service over a bearer token in the client library: the express
 * middleware on a bound test-kit token already in the verified-token cache with a fresh ES256 proof each
 * request (RFC 9449: its signature, htm/htu/ath/iat, the replay cache), against the same middleware on a
 * cached bearer token. The two run in turn (bearer, DPoP, bearer, …) so a busy moment of a shared machine
 * slows both of a pair; the figure is each pair's ratio and their median. Proofs are signed before a run,
 * outside its timing. `node dist/bench/libraryDpopCheck.js` prints it.
 */
import { generateKeyPairSync, randomUUID, sign, createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { createTokenMiddleware, jwkThumbprint } from '@auth-service/client';
import { createTestIssuer } from '@auth-service/client/testing';
import { median } from './libraryCheck';

export interface DpopCheckOptions {
  /** Calls per bearer run; a DPoP run makes a twentieth as many (each proof is signed beforehand). */
  readonly iterations: number;
  /** Pairs of runs after a warm-up pair; the medians are the figures. */
  readonly runs: number;
}

export interface DpopCheckFigures {
  /** µs per middleware call, bearer token, each run. */
  readonly bearerRuns: readonly number[];
  /** µs per middleware call, bound token plus a fresh proof, each run. */
  readonly dpopRuns: readonly number[];
  readonly bearerUs: number;
  readonly dpopUs: number;
  /** Each pair's DPoP ÷ bearer, and their median. */
  readonly ratios: readonly number[];
  readonly ratio: number;
}

const HOST = 'orders.example';
const PATH = '/orders';

export async function measureDpopCheck(options: DpopCheckOptions): Promise<DpopCheckFigures> {
  const issuer = createTestIssuer();
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const claims = { account: 'alice', userId: '42', scope: 'orders:read', aud: 'https://orders.example' };
  const bearer = issuer.sign(claims, { typ: 'at+jwt' });
  const bound = issuer.sign({ ...claims, cnf: { jkt: jwkThumbprint(publicKey) } }, { typ: 'at+jwt' });
  const header = Buffer.from(JSON.stringify({ typ: 'dpop+jwt', alg: 'ES256', jwk })).toString('base64url');
  const ath = createHash('sha256').update(bound).digest('base64url');
  const proof = () => {
    const payload = Buffer.from(JSON.stringify({ htm: 'GET', htu: `http://${HOST}${PATH}`, iat: Math.floor(Date.now() / 1000), jti: randomUUID(), ath })).toString('base64url');
    const input = `${header}.${payload}`;
    return `${input}.${sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
  };

  const guard = createTokenMiddleware({ ...issuer.verifierOptions(), audience: 'https://orders.example' });
  await guard.start();
  let passed = 0;
  const next = (error?: unknown) => {
    if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
    passed++;
  };
  const request = (authorization: string, dpop?: string) =>
    ({ method: 'GET', path: PATH, originalUrl: PATH, protocol: 'http', headers: { host: HOST, authorization, ...(dpop ? { dpop } : {}) } }) as unknown as Request;
  const bearerRequest = request(`Bearer ${bearer}`);
  const timed = (requests: readonly Request[] | Request, count: number) => {
    const started = process.hrtime.bigint();
    for (let i = 0; i < count; i++) guard.middleware(Array.isArray(requests) ? requests[i] : (requests as Request), { locals: {} } as unknown as Response, next);
    return Number(process.hrtime.bigint() - started) / 1e3 / count;
  };
  const dpopCount = Math.max(Math.round(options.iterations / 20), 1);
  const bearerRuns: number[] = [];
  const dpopRuns: number[] = [];
  for (let run = 0; run <= options.runs; run++) {
    const proofs = Array.from({ length: dpopCount }, () => request(`DPoP ${bound}`, proof()));
    const bearerUs = timed(bearerRequest, options.iterations);
    const dpopUs = timed(proofs, dpopCount);
    // The first pair warms up.
    if (run > 0) {
      bearerRuns.push(bearerUs);
      dpopRuns.push(dpopUs);
    }
  }
  await guard.stop();
  const expected = (options.iterations + dpopCount) * (options.runs + 1);
  if (passed !== expected) throw new Error(`the middleware passed ${passed} requests of ${expected}`);
  const ratios = dpopRuns.map((us, i) => us / bearerRuns[i]);
  return { bearerRuns, dpopRuns, bearerUs: median(bearerRuns), dpopUs: median(dpopRuns), ratios, ratio: median(ratios) };
}

if (require.main === module) {
  measureDpopCheck({ iterations: Number(process.env.BENCH_ITERATIONS ?? '200000'), runs: 7 })
    .then((figures) => {
      const runs = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(' ');
      console.log(`middleware, cached bearer token:         ${figures.bearerUs.toFixed(2)} µs (runs: ${runs(figures.bearerRuns)})`);
      console.log(`middleware, cached bound token + proof:  ${figures.dpopUs.toFixed(2)} µs (runs: ${runs(figures.dpopRuns)})`);
      console.log(`ratio of interleaved runs: ${figures.ratio.toFixed(1)}× (pairs: ${runs(figures.ratios)})`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.stack : String(error));
      process.exit(1);
    });
}
