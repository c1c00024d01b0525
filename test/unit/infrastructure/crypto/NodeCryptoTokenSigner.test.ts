import { expect } from 'chai';
import { createPublicKey, createSecretKey } from 'node:crypto';
import * as jose from 'jose';
import jwt, { type Algorithm } from 'jsonwebtoken';
import { ALGORITHMS_BY_METHOD, SIGN_METHODS, type SignMethod } from '@auth-service/client';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import type { TokenClaims } from '@auth-service/client';
import { JsonWebTokenSigner } from '../../../../src/infrastructure/crypto/JsonWebTokenSigner';
import { NodeCryptoTokenSigner } from '../../../../src/infrastructure/crypto/NodeCryptoTokenSigner';
import { NodeKeyPairGenerator } from '../../../../src/infrastructure/crypto/NodeKeyPairGenerator';

const CLAIMS: TokenClaims = {
  account: 'admin',
  nickName: '管理员',
  userId: '1',
  userType: '4',
  avatar: 'https://example.test/a.png',
  sub: '1',
  iss: 'http://localhost/auth',
  iat: 1_900_000_000,
  exp: 1_900_018_000,
  jti: 'a-unique-id',
};
const NOW = 1_900_000_100;

interface Case {
  readonly pair: SigningKeyPair;
  readonly verifyKey: ReturnType<typeof createPublicKey>;
}

function decodePart(token: string, index: number): unknown {
  return JSON.parse(Buffer.from(token.split('.')[index], 'base64url').toString('utf8'));
}

describe('NodeCryptoTokenSigner', () => {
  const cases = new Map<string, Case>();
  const signer = new NodeCryptoTokenSigner();
  const reference = new JsonWebTokenSigner();

  before(async () => {
    const generator = new NodeKeyPairGenerator(2048);
    let rsa: Awaited<ReturnType<NodeKeyPairGenerator['generate']>> | undefined;
    for (const method of SIGN_METHODS as readonly SignMethod[]) {
      for (const alg of ALGORITHMS_BY_METHOD[method]) {
        // One RSA key serves every RS and PS algorithm; EC keys are per curve, HMAC per hash size.
        const material = method === 'rsa' ? (rsa ??= await generator.generate(method, alg)) : await generator.generate(method, alg);
        const pair: SigningKeyPair = { ...material, kid: `${material.kid}-${alg}`, method, alg, createdAt: new Date() };
        const verifyKey =
          method === 'hmac'
            ? createSecretKey(Buffer.from(material.privateKey, 'base64'))
            : createPublicKey({ key: Buffer.from(material.publicKey, 'base64'), format: 'der', type: 'spki' });
        cases.set(alg, { pair, verifyKey });
      }
    }
  });

  for (const alg of Object.values(ALGORITHMS_BY_METHOD).flat()) {
    describe(alg, () => {
      it('produces a token that jsonwebtoken verifies with the public key', async () => {
        const { pair, verifyKey } = cases.get(alg)!;
        const token = await signer.sign(CLAIMS, pair, 'JWT');
        const payload = jwt.verify(token, verifyKey, { algorithms: [alg as Algorithm], clockTimestamp: NOW });
        expect(payload).to.deep.equal(CLAIMS);
      });

      it('produces a token that jose verifies with the public key', async () => {
        const { pair, verifyKey } = cases.get(alg)!;
        const token = await signer.sign(CLAIMS, pair, 'JWT');
        const { payload, protectedHeader } = await jose.jwtVerify(token, verifyKey, {
          algorithms: [alg],
          currentDate: new Date(NOW * 1000),
        });
        expect(payload).to.deep.equal(CLAIMS);
        expect(protectedHeader).to.deep.equal({ alg, typ: 'JWT', kid: pair.kid });
      });

      it('decodes to the same header and claims as the jsonwebtoken signer, in the same order', async () => {
        const { pair } = cases.get(alg)!;
        const ours = await signer.sign(CLAIMS, pair, 'JWT');
        const theirs = await reference.sign(CLAIMS, pair, 'JWT');
        expect(JSON.stringify(decodePart(ours, 0))).to.equal(JSON.stringify(decodePart(theirs, 0)));
        expect(JSON.stringify(decodePart(ours, 1))).to.equal(JSON.stringify(decodePart(theirs, 1)));
        // RS and HS signatures are deterministic, so the whole token must match byte for byte.
        if (alg.startsWith('RS') || alg.startsWith('HS')) expect(ours).to.equal(theirs);
      });

      it('produces a token that fails verification once a byte of the payload changes', async () => {
        const { pair, verifyKey } = cases.get(alg)!;
        const [header, , signature] = (await signer.sign(CLAIMS, pair, 'JWT')).split('.');
        const forged = `${header}.${Buffer.from(JSON.stringify({ ...CLAIMS, account: 'root' })).toString('base64url')}.${signature}`;
        expect(() => jwt.verify(forged, verifyKey, { algorithms: [alg as Algorithm], clockTimestamp: NOW })).to.throw(
          jwt.JsonWebTokenError,
          'invalid signature',
        );
      });
    });
  }

  it('refuses a key pair whose algorithm it does not know', async () => {
    const { pair } = cases.get('HS256')!;
    let error: unknown;
    try {
      await signer.sign(CLAIMS, { ...pair, alg: 'none' }, 'JWT');
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(RangeError).with.property('message', 'unsupported signing algorithm none');
  });

  it('signs many tokens at once without mixing them up (the thread pool runs them concurrently)', async () => {
    const { pair, verifyKey } = cases.get('RS256')!;
    const tokens = await Promise.all(Array.from({ length: 16 }, (_, i) => signer.sign({ ...CLAIMS, jti: `jti-${i}` }, pair, 'JWT')));
    tokens.forEach((token, i) => {
      const payload = jwt.verify(token, verifyKey, { algorithms: ['RS256'], clockTimestamp: NOW }) as TokenClaims;
      expect(payload.jti).to.equal(`jti-${i}`);
    });
  });
});
