import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { expect } from 'chai';
import express from 'express';
import { expressjwt, type GetVerificationKey, type Request as JwtRequest } from 'express-jwt';
import { createRemoteJWKSet, importSPKI, jwtVerify } from 'jose';
import { expressJwtSecret } from 'jwks-rsa';
import request from 'supertest';
import type { AuthServer } from '../../src/interfaces/composition/authServerAssembly';
import { startAuthServer } from '../support/authTestServer';

/** Our tokens checked by verifiers nobody here wrote: jose, and express-jwt + jwks-rsa. */
describe('interop with standard verifiers', () => {
  const cases = [
    ['rsa', 'RS256'],
    ['rsa', 'RS384'],
    ['rsa', 'RS512'],
    ['rsa', 'PS256'],
    ['rsa', 'PS384'],
    ['rsa', 'PS512'],
    ['ecdsa', 'ES256'],
    ['ecdsa', 'ES384'],
    ['ecdsa', 'ES512'],
  ] as const;

  for (const [method, alg] of cases) {
    describe(`${alg}`, () => {
      let auth: AuthServer;
      let origin: string;
      let issuer: string;
      let token: string;

      before(async () => {
        ({ auth, origin } = await startAuthServer({ AUTH_SIGN_METHOD: method, AUTH_SIGN_ALG: alg }));
        const discovery = await request(origin).get('/auth/.well-known/openid-configuration').expect(200);
        issuer = discovery.body.issuer;
        const login = await request(origin).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200);
        token = login.body.data.access_token;
      });
      after(() => auth.close());

      it('verifies with jose createRemoteJWKSet against the running jwks_uri', async () => {
        const jwks = createRemoteJWKSet(new URL(`${origin}/auth/.well-known/jwks.json`));
        const { payload, protectedHeader } = await jwtVerify(token, jwks, { issuer, algorithms: [alg] });
        expect(protectedHeader.alg).to.equal(alg);
        expect(protectedHeader.typ).to.equal('JWT');
        expect(payload).to.include({ account: 'admin', userId: '1', sub: '1', nickName: '管理员', userType: '4' });
      });

      it('verifies with jose from the seed key endpoint (Base64 X.509 SPKI DER)', async () => {
        const seed = await request(origin).get('/auth/client/user/secret/key?appId=interop&appSecret=x').expect(200);
        const pem = `-----BEGIN PUBLIC KEY-----\n${seed.body.data.match(/.{1,64}/g).join('\n')}\n-----END PUBLIC KEY-----`;
        const { payload } = await jwtVerify(token, await importSPKI(pem, alg), { algorithms: [alg] });
        expect(payload.account).to.equal('admin');
      });

      it('verifies with express-jwt + jwks-rsa in a small express app, and refuses a tampered token', async () => {
        const app = express();
        app.get(
          '/protected',
          expressjwt({
            secret: expressJwtSecret({ jwksUri: `${origin}/auth/.well-known/jwks.json`, cache: true }) as GetVerificationKey,
            algorithms: [alg],
            issuer,
          }),
          (req: JwtRequest, res) => {
            res.json({ account: req.auth?.account });
          },
        );
        app.use((error: { status?: number; code?: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
          res.status(error.status ?? 500).json({ code: error.code });
        });
        const server = await listen(app);
        try {
          const ok = await request(server).get('/protected').set('Authorization', `Bearer ${token}`).expect(200);
          expect(ok.body).to.deep.equal({ account: 'admin' });
          const [header, payload, signature] = token.split('.');
          const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), account: 'root' })).toString('base64url');
          const refused = await request(server).get('/protected').set('Authorization', `Bearer ${header}.${forged}.${signature}`).expect(401);
          expect(refused.body).to.deep.equal({ code: 'invalid_token' });
        } finally {
          server.close();
        }
      });
    });
  }
});

function listen(app: express.Application): Promise<Server> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      expect((server.address() as AddressInfo).port).to.be.greaterThan(0);
      resolve(server);
    });
  });
}
