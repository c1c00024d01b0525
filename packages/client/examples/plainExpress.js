const express = require('express');
const { createTokenMiddleware, currentUserOf } = require('@auth-service/client');

const guard = createTokenMiddleware({
  authServerUrl: process.env.AUTH_SERVER_URL ?? 'http://127.0.0.1:8001',
  appId: 'orders-service',
  appSecret: process.env.APP_SECRET ?? 'change-me',
  passList: ['/health'],
});
const app = express();
app.use('/orders-service', guard.middleware); // pass-list patterns are relative to this path
app.get('/orders-service/health', (req, res) => res.json({ status: 'UP' }));
app.get('/orders-service/me', (req, res) => res.json(currentUserOf(res)));

// start() never rejects: without the auth service the app still comes up and answers 503 with Retry-After.
guard.start().then(() => {
  const server = app.listen(Number(process.env.PORT ?? 8003), () => console.log(`listening on ${server.address().port}`));
  process.once('SIGTERM', () => guard.stop().then(() => server.close()));
});
