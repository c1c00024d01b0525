/**
 * Peer for verification: the usual Node setup, express + express-jwt + jwks-rsa,
 * on the same route and with the same answer as our current/user/details. The
 * JWKS is served by this process from the auth service's public key (AUTH_KEY_URL),
 * exported by node:crypto as a JWK; jwks-rsa fetches and caches it.
 */
import { createPublicKey } from 'node:crypto';
import express, { type ErrorRequestHandler } from 'express';
import { expressjwt, type Request as JwtRequest } from 'express-jwt';
import jwksRsa from 'jwks-rsa';
import { userOfClaims } from './userOfClaims';
import type { TokenClaims } from '@auth-service/client';
import { announce, requestedPort } from '../lib/announce';
import { get } from '../lib/processes';

async function main(): Promise<void> {
  const answer = await get(process.env.AUTH_KEY_URL!);
  const spki = (JSON.parse(answer.body) as { data: string }).data;
  const jwk = { ...createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' }).export({ format: 'jwk' }), kid: process.env.AUTH_KID!, alg: 'RS256', use: 'sig' };

  const app = express();
  app.disable('x-powered-by');
  app.get('/.well-known/jwks.json', (_req, res) => {
    res.json({ keys: [jwk] });
  });
  const server = app.listen(requestedPort(), '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const secret = jwksRsa.expressJwtSecret({ jwksUri: `http://127.0.0.1:${port}/.well-known/jwks.json`, cache: true, rateLimit: false });
    app.get(
      '/auth/current/user/details',
      expressjwt({ secret, algorithms: ['RS256'], issuer: process.env.AUTH_ISSUER }),
      (req: JwtRequest, res) => {
        res.json({ success: true, status: 200, msg: '操作成功!', data: userOfClaims(req.auth as unknown as TokenClaims) });
      },
    );
    const unauthorized: ErrorRequestHandler = (_error, _req, res, _next) => {
      res.status(401).json({ success: false, status: 401, msg: 'token 解析失败！', data: null });
    };
    app.use(unauthorized);
    announce(port);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
