/**
 * The reference setups, for context in the same run: plain express with
 * synchronous jsonwebtoken, a login that signs RS256 on the event loop and a
 * protected GET behind a jsonwebtoken middleware (KeyObject keys, no cache).
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import express from 'express';
import jwt from 'jsonwebtoken';
import { userOfClaims } from './userOfClaims';
import type { TokenClaims } from '@auth-service/client';
import { announce, requestedPort } from '../lib/announce';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: Number(process.env.AUTH_RSA_BITS ?? 2048) });
const app = express();
app.disable('x-powered-by');
app.use(express.json({ limit: '100kb' }));

app.post('/auth/oauth/jwt/token', (req, res) => {
  const body = req.body as { username?: unknown; password?: unknown };
  if (typeof body.username !== 'string' || typeof body.password !== 'string' || !body.username || !body.password) {
    res.status(400).json({ success: false, status: 400, msg: '登录认证信息不全!!!', data: null });
    return;
  }
  const token = jwt.sign({ account: 'admin', nickName: '管理员', userId: '1', userType: '4', sub: '1', jti: randomUUID() }, privateKey, {
    algorithm: 'RS256',
    expiresIn: 18000,
    issuer: 'http://127.0.0.1/auth',
  });
  res.json({ success: true, status: 200, msg: '登录成功!', data: { access_token: token } });
});

app.get('/auth/current/user/details', (req, res) => {
  const match = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '');
  try {
    const claims = jwt.verify(match?.[1] ?? '', publicKey, { algorithms: ['RS256'] }) as TokenClaims;
    res.json({ success: true, status: 200, msg: '操作成功!', data: userOfClaims(claims) });
  } catch {
    res.status(401).json({ success: false, status: 401, msg: 'token 解析失败！', data: null });
  }
});

const server = app.listen(requestedPort(), '127.0.0.1', () => {
  const address = server.address();
  announce(typeof address === 'object' && address ? address.port : 0);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
