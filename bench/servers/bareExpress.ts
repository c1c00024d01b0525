/**
 * The HTTP floor: express with one JSON route and nothing else. Every HTTP figure
 * of the bench is divided by this one's req/s from the same run.
 */
import express from 'express';
import { announce, requestedPort } from '../lib/announce';

const app = express();
app.disable('x-powered-by');
app.get('/hello', (_req, res) => {
  res.json({ success: true, status: 200, msg: '操作成功!', data: { hello: 'world' } });
});
const server = app.listen(requestedPort(), '127.0.0.1', () => {
  const address = server.address();
  announce(typeof address === 'object' && address ? address.port : 0);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
