/**
 * The client library as a user of plain express runs it: a bare express app with
 * `createTokenMiddleware` from @auth-service/client in front of one route, keys
 * (and the issuer) fetched from the auth service at AUTH_SERVER_URL. Compared
 * with bare express (what the token check costs) and with express-jwt + jwks-rsa.
 */
import express from 'express';
import { createTokenMiddleware, currentUserOf } from '@auth-service/client';
import { announce, requestedPort } from '../lib/announce';

async function main(): Promise<void> {
  const tokens = createTokenMiddleware({ authServerUrl: process.env.AUTH_SERVER_URL!, authContextPath: 'auth', appId: 'bench', appSecret: 'bench' });
  const first = await tokens.start();
  if (first.kid === null) throw new Error(`no verification key from ${process.env.AUTH_SERVER_URL}`);
  const app = express();
  app.disable('x-powered-by');
  app.use('/api', tokens.middleware);
  app.get('/api/current/user/details', (_req, res) => {
    res.json({ success: true, status: 200, msg: '操作成功!', data: currentUserOf(res) });
  });
  const server = app.listen(requestedPort(), '127.0.0.1', () => {
    const address = server.address();
    announce(typeof address === 'object' && address ? address.port : 0);
  });
  process.on('SIGTERM', () => {
    void tokens.stop();
    server.close(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
