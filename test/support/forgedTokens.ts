import { createHmac, createPublicKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { privateKeyFromText } from '../../src/infrastructure/crypto/keyText';
import { signingKey } from './testKeys';

/**
 * Tokens an attacker could make from a genuine token and the public key, each
 * of which every verifier (auth service and clients) must refuse with 401
 * `token 解析失败！`. Built once per call: two fresh foreign keys.
 */
export function forgedTokens(genuine: string, publicKeyText: string): Record<string, string> {
  const [headerPart, payloadPart] = genuine.split('.');
  const header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8')) as Record<string, unknown>;
  const payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8')) as Record<string, unknown>;
  const publicPem = createPublicKey({ key: Buffer.from(publicKeyText, 'base64'), format: 'der', type: 'spki' })
    .export({ format: 'pem', type: 'spki' })
    .toString();
  const foreignRsa = signingKey('rsa');
  const foreignEc = signingKey('ec');
  const now = Math.floor(Date.now() / 1000);
  const claims = { ...payload, iat: now, exp: now + 3600 };

  return {
    'alg none, no signature': `${encode({ alg: 'none', typ: 'JWT' })}.${payloadPart}.`,
    'alg none with the genuine kid': `${encode({ ...header, alg: 'none' })}.${payloadPart}.`,
    'alg None, genuine signature kept': `${encode({ ...header, alg: 'None' })}.${payloadPart}.${genuine.split('.')[2]}`,
    'alg NONE': `${encode({ ...header, alg: 'NONE' })}.${payloadPart}.`,
    'HS256 keyed with the Base64 public key text': hmac({ ...header, alg: 'HS256' }, payloadPart, publicKeyText),
    'HS256 keyed with the PEM public key': hmac({ ...header, alg: 'HS256' }, payloadPart, publicPem),
    'HS256 keyed with the DER bytes of the public key': hmac({ ...header, alg: 'HS256' }, payloadPart, Buffer.from(publicKeyText, 'base64')),
    'tampered header (alg RS512), genuine signature': `${encode({ ...header, alg: 'RS512' })}.${payloadPart}.${genuine.split('.')[2]}`,
    'tampered payload, genuine signature': `${headerPart}.${encode({ ...payload, account: 'root', userId: '0' })}.${genuine.split('.')[2]}`,
    'foreign RSA key with the genuine kid': jwt.sign(claims, privateKeyFromText(foreignRsa.privateKey), {
      algorithm: 'RS256',
      keyid: header.kid as string,
    }),
    'foreign EC key (ES256) with the genuine kid': jwt.sign(claims, privateKeyFromText(foreignEc.privateKey), {
      algorithm: 'ES256',
      keyid: header.kid as string,
    }),
    'signature stripped': `${headerPart}.${payloadPart}.`,
    'garbage text': 'not-a-token',
    'three garbage parts': 'a.b.c',
    'header that is not JSON': `${Buffer.from('{nope').toString('base64url')}.${payloadPart}.${genuine.split('.')[2]}`,
  };
}

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function hmac(header: Record<string, unknown>, payloadPart: string, secret: string | Buffer): string {
  const signingInput = `${encode(header)}.${payloadPart}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}
