import { expect } from 'chai';
import { createHmac, createPrivateKey, generateKeyPairSync, randomBytes, sign as cryptoSign, type KeyObject } from 'node:crypto';
import request from 'supertest';
import type { KeyRing } from '../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../src/domain/model/SigningKeyPair';
import { publicKeyFromText } from '../../src/infrastructure/crypto/keyText';
import { TYPES } from '../../src/interfaces/composition/types';
import { CURRENT_USER_PATH, expect401, expectCleanErrorBody, loginToken, METHODS, MSG } from '../support/authContract';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';
import { compactJws, decodeJws, encodeSegment, hmacSha256, rsaPssSha256, rsaSha256 } from '../support/compactJws';
import { FixedClock } from '../support/FixedClock';

const START = '2026-01-01T00:00:00Z';
const IAT = Date.parse(START) / 1000;
const ISSUER = 'http://localhost/auth';

function validClaims(): Record<string, unknown> {
  return { account: 'admin', nickName: '管理员', userId: '1', userType: '4', sub: '1', iss: ISSUER, iat: IAT, exp: IAT + 600, jti: 'forged' };
}

/** A JWS signature function for an RS256, ES256 or HS256 key. */
function signerFor(method: string, key: KeyObject | Buffer): (input: string) => Buffer {
  if (method === 'hmac') return hmacSha256(key as Buffer);
  if (method === 'ecdsa') return (input) => cryptoSign('sha256', Buffer.from(input), { key: key as KeyObject, dsaEncoding: 'ieee-p1363' });
  return rsaSha256(key as KeyObject);
}

/** The server's own signing key, as an attacker who stole it would hold it (the control case). */
function serverSigningKey(key: SigningKeyPair): KeyObject | Buffer {
  if (key.method === 'hmac') return Buffer.from(key.privateKey, 'base64');
  return createPrivateKey({ key: Buffer.from(key.privateKey, 'base64'), format: 'der', type: 'pkcs8' });
}

function activeKey(server: RunningAuthServer): SigningKeyPair {
  return server.auth.container.get<KeyRing>(TYPES.KeyRing).activeKey();
}

async function currentUser(server: RunningAuthServer, authorization: string): Promise<request.Response> {
  return request(server.origin).get(CURRENT_USER_PATH).set('Authorization', authorization);
}

describe('attacks on the token check', () => {
  let foreignKeys: { rsa: KeyObject; ec: KeyObject };

  before(() => {
    foreignKeys = {
      rsa: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
      ec: generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey,
    };
  });

  for (const { method, alg } of METHODS) {
    describe(`${method} (${alg})`, () => {
      const clock = new FixedClock(START);
      let server: RunningAuthServer;
      let token: string;
      let key: SigningKeyPair;

      before(async () => {
        server = await startAuthServer({ AUTH_SIGN_METHOD: method }, (container) => container.rebind(TYPES.Clock).toConstantValue(clock));
        token = await loginToken(server.origin);
        key = activeKey(server);
      });

      afterEach(() => clock.set(START));

      after(async () => {
        await server.auth.close();
      });

      it('accepts the genuine token (the baseline every attack departs from)', async () => {
        expect((await currentUser(server, `Bearer ${token}`)).status).to.equal(200);
      });

      it('accepts a hand-made token signed with the server key (so the forgeries below fail for their flaw alone)', async () => {
        const genuine = compactJws({ alg, typ: 'JWT', kid: key.kid }, validClaims(), signerFor(method, serverSigningKey(key)));
        expect((await currentUser(server, `Bearer ${genuine}`)).status).to.equal(200);
      });

      it('refuses alg none, in any spelling, with or without a signature', async () => {
        for (const none of ['none', 'None', 'NONE']) {
          const unsigned = compactJws({ alg: none, typ: 'JWT', kid: key.kid }, validClaims(), () => '');
          expect401(await currentUser(server, `Bearer ${unsigned}`), MSG.tokenInvalid);
          const withSignature = `${unsigned}${token.split('.')[2]}`;
          expect401(await currentUser(server, `Bearer ${withSignature}`), MSG.tokenInvalid);
        }
      });

      if (method !== 'hmac') {
        it('refuses HS256 keyed with the public key text (Base64 DER and PEM) or its DER bytes', async () => {
          const publicKey = publicKeyFromText(key.publicKey);
          const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
          const der = publicKey.export({ format: 'der', type: 'spki' });
          for (const secret of [key.publicKey, pem, der]) {
            const forged = compactJws({ alg: 'HS256', typ: 'JWT', kid: key.kid }, validClaims(), hmacSha256(secret));
            const res = await currentUser(server, `Bearer ${forged}`);
            expect401(res, MSG.tokenInvalid);
            expectCleanErrorBody(res, key.publicKey);
          }
        });
      } else {
        it('refuses a token signed with the right secret under another HS algorithm (pinning)', async () => {
          const secret = Buffer.from(key.privateKey, 'base64');
          const forged = compactJws({ alg: 'HS512', typ: 'JWT', kid: key.kid }, validClaims(), (input) =>
            createHmac('sha512', secret).update(input).digest(),
          );
          expect401(await currentUser(server, `Bearer ${forged}`), MSG.tokenInvalid);
        });
      }

      it('refuses a tampered payload or header', async () => {
        const [header, payload, signature] = token.split('.');
        const claims = decodeJws(token).payload;
        for (const change of [{ userId: '2', sub: '2' }, { account: 'root' }, { exp: (claims.exp as number) + 3600 }, { userType: '1' }]) {
          const tampered = `${header}.${encodeSegment({ ...claims, ...change })}.${signature}`;
          expect401(await currentUser(server, `Bearer ${tampered}`), MSG.tokenInvalid);
        }
        const otherHeader = `${encodeSegment({ ...decodeJws(token).header, typ: 'at+jwt' })}.${payload}.${signature}`;
        expect401(await currentUser(server, `Bearer ${otherHeader}`), MSG.tokenInvalid);
        const flipped = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
        expect401(await currentUser(server, `Bearer ${flipped}`), MSG.tokenInvalid);
      });

      it('refuses a token from a foreign key that copies the server kid', async () => {
        const foreignKey = method === 'rsa' ? foreignKeys.rsa : method === 'ecdsa' ? foreignKeys.ec : randomBytes(32);
        const forged = compactJws({ alg, typ: 'JWT', kid: key.kid }, validClaims(), signerFor(method, foreignKey));
        expect401(await currentUser(server, `Bearer ${forged}`), MSG.tokenInvalid);
      });

      it('refuses a token signed with the right key under an unknown kid', async () => {
        const other = await startAuthServer({ AUTH_SIGN_METHOD: method });
        try {
          const otherToken = await loginToken(other.origin);
          expect401(await currentUser(server, `Bearer ${otherToken}`), MSG.tokenInvalid);
        } finally {
          await other.auth.close();
        }
      });

      it('answers an expired token with the expired message', async () => {
        clock.advanceSeconds(18000);
        expect401(await currentUser(server, `Bearer ${token}`), MSG.tokenExpired);
        clock.advanceSeconds(365 * 24 * 3600);
        expect401(await currentUser(server, `Bearer ${token}`), MSG.tokenExpired);
      });

      it('refuses garbage', async () => {
        const garbage = [
          'garbage',
          'a.b.c',
          '...',
          '.',
          'eyJ',
          'eyJhbGciOiJub25lIn0',
          'eyJhbGciOiJub25lIn0.',
          `${encodeSegment(null)}.${encodeSegment(validClaims())}.`,
          `${encodeSegment('string')}.${encodeSegment(validClaims())}.sig`,
          `${encodeSegment({ alg, kid: key.kid })}.not-base64-json.sig`,
          `${encodeSegment({ alg, kid: ['array'] })}.${encodeSegment(validClaims())}.sig`,
          `${encodeSegment({ alg, kid: '__proto__' })}.${encodeSegment(validClaims())}.sig`,
          `${encodeSegment({ alg, kid: 'constructor' })}.${encodeSegment(validClaims())}.sig`,
          `${token}.extra`,
          token.split('.').slice(0, 2).join('.'),
          Buffer.from(token).toString('base64'),
          '%00%ff',
          '\u00ff\u00fe',
        ];
        for (const value of garbage) {
          expect401(await currentUser(server, `Bearer ${value}`), MSG.tokenInvalid);
        }
      });

      it('refuses a 100 kB Authorization header with 401, not 431 or 500', async () => {
        const res = await currentUser(server, `Bearer ${'A'.repeat(100 * 1024)}`);
        expect401(res, MSG.tokenInvalid);
        const longValid = await currentUser(server, `Bearer ${token}${'A'.repeat(100 * 1024)}`);
        expect401(longValid, MSG.tokenInvalid);
      });
    });
  }

  describe('rsa pinned to PS256', () => {
    let server: RunningAuthServer;
    let key: SigningKeyPair;

    before(async () => {
      server = await startAuthServer({ AUTH_SIGN_METHOD: 'rsa', AUTH_SIGN_ALG: 'PS256' });
      key = activeKey(server);
    });

    after(async () => {
      await server.auth.close();
    });

    it('accepts its own PS256 tokens', async () => {
      const token = await loginToken(server.origin);
      expect(decodeJws(token).header.alg).to.equal('PS256');
      expect((await currentUser(server, `Bearer ${token}`)).status).to.equal(200);
    });

    it('accepts a hand-made PS256 token from the same key (the control for the next test)', async () => {
      const claims = { ...validClaims(), iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600 };
      const forged = compactJws({ alg: 'PS256', typ: 'JWT', kid: key.kid }, claims, rsaPssSha256(serverSigningKey(key) as KeyObject));
      expect((await currentUser(server, `Bearer ${forged}`)).status).to.equal(200);
    });

    it('refuses an RS256 token even when signed with the server key itself', async () => {
      const claims = { ...validClaims(), iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600 };
      const forged = compactJws({ alg: 'RS256', typ: 'JWT', kid: key.kid }, claims, rsaSha256(serverSigningKey(key) as KeyObject));
      expect401(await currentUser(server, `Bearer ${forged}`), MSG.tokenInvalid);
    });
  });
});
