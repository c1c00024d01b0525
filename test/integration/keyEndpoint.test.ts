import { expect } from 'chai';
import { createHmac, createPublicKey } from 'node:crypto';
import forge from 'node-forge';
import request from 'supertest';
import { jwkThumbprint } from '@auth-service/client';
import { CLIENT, CLIENTS_ENV, expectCleanErrorBody, failureBody, KEY_PATH, loginToken, METHODS } from '../support/authContract';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';
import { decodeJws } from '../support/compactJws';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const ALGORITHM_OID = { rsa: '1.2.840.113549.1.1.1', ecdsa: '1.2.840.10045.2.1' } as const;

const BAD_REQUEST = failureBody(400, '请求参数错误');
const UNAUTHORIZED_CLIENT = failureBody(401, '客户端认证失败');
const FORBIDDEN = failureBody(403, '当前签名方式不允许下发密钥');

const MISSING_PARAMETERS: ReadonlyArray<[string, Record<string, string>]> = [
  ['no parameters', {}],
  ['no appSecret', { appId: 'orders' }],
  ['no appId', { appSecret: 's3cret' }],
  ['an empty appId', { appId: '', appSecret: 's3cret' }],
  ['an empty appSecret', { appId: 'orders', appSecret: '' }],
];

/** The OID of the SubjectPublicKeyInfo's AlgorithmIdentifier. */
function spkiAlgorithmOid(der: Buffer): string {
  const spki = forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')));
  expect(spki.type).to.equal(forge.asn1.Type.SEQUENCE);
  const algorithm = (spki.value as forge.asn1.Asn1[])[0];
  return forge.asn1.derToOid((algorithm.value as forge.asn1.Asn1[])[0].value as string);
}

function keyData(res: request.Response): string {
  return (res.body as { data: string }).data;
}

for (const { method } of METHODS) {
  describe(`key endpoint (${method})`, () => {
    let open: RunningAuthServer;
    let registered: RunningAuthServer;

    before(async () => {
      [open, registered] = await Promise.all([
        startAuthServer({ AUTH_SIGN_METHOD: method }),
        startAuthServer({ AUTH_SIGN_METHOD: method, AUTH_CLIENTS: CLIENTS_ENV }),
      ]);
    });

    after(async () => {
      await Promise.all([open.auth.close(), registered.auth.close()]);
    });

    for (const [label, query] of MISSING_PARAMETERS) {
      it(`answers 400 with the envelope for ${label}`, async () => {
        for (const server of [open, registered]) {
          const res = await request(server.origin).get(KEY_PATH).query(query);
          expect(res.status).to.equal(400);
          expect(res.text).to.equal(BAD_REQUEST);
          expectCleanErrorBody(res);
        }
      });
    }

    it('answers 400 for repeated parameters rather than picking one', async () => {
      const res = await request(registered.origin).get(`${KEY_PATH}?appId=orders&appId=x&appSecret=${encodeURIComponent(CLIENT.appSecret)}`);
      expect(res.status).to.equal(400);
      expect(res.text).to.equal(BAD_REQUEST);
    });

    if (method === 'hmac') {
      it('refuses every caller with 403 while AUTH_CLIENTS is empty', async () => {
        for (const query of [{ appId: 'anything', appSecret: 'whatever' }, CLIENT]) {
          const res = await request(open.origin).get(KEY_PATH).query(query);
          expect(res.status).to.equal(403);
          expect(res.text).to.equal(FORBIDDEN);
          expectCleanErrorBody(res);
        }
      });

      it('hands a registered client the Base64 of the raw signing secret', async () => {
        const res = await request(registered.origin).get(KEY_PATH).query(CLIENT).expect(200);
        const data = keyData(res);
        expect(res.text).to.equal(JSON.stringify({ success: true, status: 200, msg: '操作成功!', data }));
        expect(data).to.match(BASE64);
        const secret = Buffer.from(data, 'base64');
        expect(secret).to.have.length(32);

        const token = await loginToken(registered.origin);
        const [header, payload, signature] = token.split('.');
        expect(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url')).to.equal(signature);
      });
    } else {
      it('with AUTH_CLIENTS empty, hands any caller the Base64 SPKI DER of the public key', async () => {
        for (const query of [{ appId: 'anything', appSecret: 'whatever' }, CLIENT]) {
          const res = await request(open.origin).get(KEY_PATH).query(query);
          expect(res.status).to.equal(200);
          const data = keyData(res);
          expect(res.text).to.equal(JSON.stringify({ success: true, status: 200, msg: '操作成功!', data }));
          expect(data).to.match(BASE64);
          expect(data).not.to.include('BEGIN');
          expect(data.length % 4).to.equal(0);

          const der = Buffer.from(data, 'base64');
          const key = createPublicKey({ key: der, format: 'der', type: 'spki' });
          expect(key.type).to.equal('public');
          expect(key.asymmetricKeyType).to.equal(method === 'rsa' ? 'rsa' : 'ec');
          expect(spkiAlgorithmOid(der)).to.equal(ALGORITHM_OID[method]);
        }
      });

      it('hands out the key that the token kid names (its RFC 7638 thumbprint)', async () => {
        const data = keyData(await request(open.origin).get(KEY_PATH).query(CLIENT).expect(200));
        const { header } = decodeJws(await loginToken(open.origin));
        expect(header.kid).to.equal(jwkThumbprint(createPublicKey({ key: Buffer.from(data, 'base64'), format: 'der', type: 'spki' })));
      });
    }

    it('with AUTH_CLIENTS set, answers 401 to a pair that is not registered', async () => {
      for (const query of [
        { appId: CLIENT.appId, appSecret: 'wrong' },
        { appId: CLIENT.appId, appSecret: 's3cret' },
        { appId: CLIENT.appId, appSecret: 'other' },
        { appId: 'billing', appSecret: CLIENT.appSecret },
        { appId: 'nobody', appSecret: CLIENT.appSecret },
      ]) {
        const res = await request(registered.origin).get(KEY_PATH).query(query);
        expect(res.status, JSON.stringify(query)).to.equal(401);
        expect(res.text).to.equal(UNAUTHORIZED_CLIENT);
        expectCleanErrorBody(res);
      }
    });

    it('with AUTH_CLIENTS set, answers 200 to each registered pair (secrets may contain colons)', async () => {
      const first = keyData(await request(registered.origin).get(KEY_PATH).query(CLIENT).expect(200));
      const second = keyData(await request(registered.origin).get(KEY_PATH).query({ appId: 'billing', appSecret: 'other' }).expect(200));
      expect(first).to.match(BASE64);
      expect(second).to.equal(first);
    });

    it('needs no token and ignores an Authorization header', async () => {
      const server = method === 'hmac' ? registered : open;
      await request(server.origin).get(KEY_PATH).query(CLIENT).expect(200);
      await request(server.origin).get(KEY_PATH).query(CLIENT).set('Authorization', 'Bearer garbage').expect(200);
    });
  });
}
