import { createServer, type Server } from 'node:http';
import { createVerifier, isUnavailable, type Verifier } from '@auth-service/client';

/** A plain node:http service: every request needs a valid token. */
export function ordersServer(verifier: Verifier): Server {
  return createServer((req, res) => {
    verifier.verify(req.headers.authorization).then(
      (user) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ owner: user.account }));
      },
      (error: { code?: string }) => {
        // "Cannot decide now" (no key yet, revocation feed too stale): try later, never let the request through.
        if (isUnavailable(error)) res.writeHead(503, { 'Retry-After': '60' });
        else res.writeHead(401, { 'WWW-Authenticate': 'Bearer' });
        res.end(JSON.stringify({ code: error.code }));
      },
    );
  });
}

if (require.main === module) {
  const verifier = createVerifier({
    authServerUrl: process.env.AUTH_SERVER_URL ?? 'http://127.0.0.1:8001',
    appId: process.env.APP_ID ?? 'orders',
    appSecret: process.env.APP_SECRET ?? 'change-me',
  });
  // start() never rejects: without the auth service the server still comes up and answers 503.
  void verifier.start().then(() => ordersServer(verifier).listen(3000));
}
