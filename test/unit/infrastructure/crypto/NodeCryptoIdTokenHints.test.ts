import { expect } from 'chai';
import { generateKeyPairSync, randomBytes, sign as cryptoSign, type KeyObject } from 'node:crypto';
import * as jose from 'jose';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import { ServiceIssuer } from '../../../../src/domain/model/ServiceIssuer';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import { NodeCryptoIdTokenHints } from '../../../../src/infrastructure/crypto/NodeCryptoIdTokenHints';
import { privateKeyToText, publicKeyToText } from '../../../../src/infrastructure/crypto/keyText';

const ISSUER = 'https://id.example/auth';
/** Long past: hints are read whatever their exp says. */
const CLAIMS = { iss: ISSUER, sub: '7', aud: 'webapp', iat: 1_600_000_000, exp: 1_600_000_300, auth_time: 1_600_000_000, nonce: 'n-1' };
const READ = { subject: '7', clientId: 'webapp', authTime: 1_600_000_000 };

function pairOf(kid: string, method: SigningKeyPair['method'], alg: string, privateKey: KeyObject, publicKey: KeyObject): SigningKeyPair {
  return { kid, method, alg, privateKey: privateKeyToText(privateKey), publicKey: publicKeyToText(publicKey), createdAt: new Date() };
}

describe('NodeCryptoIdTokenHints (RP-Initiated Logout: reading id_token_hint against the key ring)', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const RSA = pairOf('rsa-1', 'rsa', 'RS256', rsa.privateKey, rsa.publicKey);
  const PSS = pairOf('pss-1', 'rsa', 'PS256', rsa.privateKey, rsa.publicKey);
  const EC = pairOf('ec-1', 'ecdsa', 'ES256', ec.privateKey, ec.publicKey);
  const secret = randomBytes(32);
  const issuer = new ServiceIssuer();
  issuer.use(ISSUER);
  let ring: KeyRing;
  let hints: NodeCryptoIdTokenHints;

  beforeEach(() => {
    ring = new KeyRing();
    ring.activate(RSA, [
      { kid: EC.kid, method: 'ecdsa', algorithms: ['ES256'], material: EC.publicKey },
      { kid: PSS.kid, method: 'rsa', algorithms: ['PS256'], material: PSS.publicKey },
    ]);
    hints = new NodeCryptoIdTokenHints(ring, issuer);
  });

  const sign = (claims: jose.JWTPayload, header: jose.JWTHeaderParameters, key: KeyObject | Uint8Array = rsa.privateKey) =>
    new jose.SignJWT(claims).setProtectedHeader(header).sign(key);
  /** RS256 by hand over any header and payload text: shapes jose would refuse to make. */
  const rawRs256 = (header: unknown, payload: unknown) => {
    const input = [header, payload].map((part) => Buffer.from(typeof part === 'string' ? part : JSON.stringify(part)).toString('base64url')).join('.');
    return `${input}.${cryptoSign('sha256', Buffer.from(input), rsa.privateKey).toString('base64url')}`;
  };

  it('reads an ID token of ours, expired long ago, signed by the active or a published key (RS256, PS256, ES256)', async () => {
    expect(hints.read(await sign(CLAIMS, { alg: 'RS256', typ: 'JWT', kid: 'rsa-1' }))).to.deep.equal(READ);
    expect(hints.read(await sign(CLAIMS, { alg: 'PS256', kid: 'pss-1' }))).to.deep.equal(READ);
    expect(hints.read(await sign({ ...CLAIMS, aud: ['webapp'] }, { alg: 'ES256', typ: 'jwt', kid: 'ec-1' }, ec.privateKey))).to.deep.equal(READ);
  });

  it('reads auth_time and sid when the token carries them as a number and a string, and leaves them out otherwise', async () => {
    expect(hints.read(await sign({ ...CLAIMS, sid: 's-1' }, { alg: 'RS256', kid: 'rsa-1' }))).to.deep.equal({ ...READ, sid: 's-1' });
    expect(hints.read(await sign({ ...CLAIMS, auth_time: '1600000000', sid: 7 }, { alg: 'RS256', kid: 'rsa-1' }))).to.deep.equal({ subject: '7', clientId: 'webapp' });
  });

  it('keeps reading a hint of a key that is still published after rotation', async () => {
    const hint = await sign(CLAIMS, { alg: 'ES256', kid: 'ec-1' }, ec.privateKey);
    expect(hints.read(hint)).to.not.equal(null);
    ring.activate(EC, [{ kid: RSA.kid, method: 'rsa', algorithms: ['RS256'], material: RSA.publicKey }]);
    expect(hints.read(hint)).to.deep.equal(READ);
    expect(hints.read(await sign(CLAIMS, { alg: 'RS256', kid: 'rsa-1' }))).to.deep.equal(READ);
  });

  it('refuses a signature that is not ours: another key under our kid, a changed payload, an unknown kid or none', async () => {
    expect(hints.read(await sign(CLAIMS, { alg: 'RS256', kid: 'rsa-1' }, stranger.privateKey))).to.equal(null);
    const [header, , signature] = (await sign(CLAIMS, { alg: 'RS256', kid: 'rsa-1' })).split('.');
    const changed = Buffer.from(JSON.stringify({ ...CLAIMS, sub: '1' })).toString('base64url');
    expect(hints.read(`${header}.${changed}.${signature}`)).to.equal(null);
    expect(hints.read(await sign(CLAIMS, { alg: 'RS256', kid: 'gone' }))).to.equal(null);
    expect(hints.read(await sign(CLAIMS, { alg: 'RS256' }))).to.equal(null);
    expect(hints.read(`${header}.${changed}.`)).to.equal(null);
    expect(hints.read(`${header}.${changed}.${'A'.repeat(342)}`)).to.equal(null);
  });

  it('pins the algorithm to the key: no alg switching (PS256 or HS256 under an RS256 kid), no alg none', async () => {
    expect(hints.read(await sign(CLAIMS, { alg: 'PS256', kid: 'rsa-1' }))).to.equal(null);
    expect(hints.read(await sign(CLAIMS, { alg: 'RS256', kid: 'pss-1' }))).to.equal(null);
    // The classic confusion: HMAC with the public key's text as the secret.
    expect(hints.read(await sign(CLAIMS, { alg: 'HS256', kid: 'rsa-1' }, Buffer.from(RSA.publicKey)))).to.equal(null);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'rsa-1' })).toString('base64url')}.${Buffer.from(JSON.stringify(CLAIMS)).toString('base64url')}.`;
    expect(hints.read(unsigned)).to.equal(null);
  });

  it('never trusts an HMAC key: every resource service holds that secret', async () => {
    ring.activate({ kid: 'hs-1', method: 'hmac', alg: 'HS256', privateKey: secret.toString('base64'), publicKey: secret.toString('base64'), createdAt: new Date() });
    expect(ring.keyFor('hs-1')).to.not.equal(undefined);
    expect(hints.read(await sign(CLAIMS, { alg: 'HS256', kid: 'hs-1' }, secret))).to.equal(null);
  });

  it('refuses another issuer, an access token (typ at+jwt, or any client_id claim), a token naming no or several clients, or no subject', async () => {
    const refused: Array<[string, jose.JWTPayload, Partial<jose.JWTHeaderParameters>]> = [
      ['another issuer', { ...CLAIMS, iss: 'https://id.example/other' }, {}],
      ['the issuer with a trailing slash', { ...CLAIMS, iss: `${ISSUER}/` }, {}],
      ['no issuer', { ...CLAIMS, iss: undefined }, {}],
      ['an RFC 9068 access token', CLAIMS, { typ: 'at+jwt' }],
      ['a typ that is no string', CLAIMS, { typ: 1 as unknown as string }],
      ['a client_id claim', { ...CLAIMS, client_id: 'webapp' }, {}],
      ['no aud', { ...CLAIMS, aud: undefined }, {}],
      ['an empty aud', { ...CLAIMS, aud: '' }, {}],
      ['two audiences', { ...CLAIMS, aud: ['webapp', 'other'] }, {}],
      ['an empty list', { ...CLAIMS, aud: [] }, {}],
      ['a list of one empty name', { ...CLAIMS, aud: [''] }, {}],
      ['no sub', { ...CLAIMS, sub: undefined }, {}],
      ['an empty sub', { ...CLAIMS, sub: '' }, {}],
      ['a crit header', CLAIMS, { crit: ['exp'] } as Partial<jose.JWTHeaderParameters>],
    ];
    for (const [why, claims, header] of refused) {
      expect(hints.read(rawRs256({ alg: 'RS256', kid: 'rsa-1', ...header }, claims)), why).to.equal(null);
    }
    expect(hints.read(rawRs256({ alg: 'RS256', kid: 'rsa-1', typ: 'JWT' }, CLAIMS)), 'the same, well formed').to.deep.equal(READ);
    expect(hints.read(rawRs256({ alg: 'RS256', kid: 'rsa-1' }, { ...CLAIMS, aud: 7 }))).to.equal(null);
  });

  it('answers null to anything not shaped like a compact JWS, however long or odd', () => {
    const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
    for (const text of ['', 'abc', 'a.b', 'a.b.c.d', `${b64('[1]')}.${b64(CLAIMS)}.c2ln`, `${b64('not json')}.${b64(CLAIMS)}.c2ln`, `${b64({ alg: 'RS256' })}.${b64(CLAIMS)}.c2ln`, `${b64({ kid: 'rsa-1' })}.${b64(CLAIMS)}.c2ln`, `${'a'.repeat(8200)}.b.c`]) {
      expect(hints.read(text), text.slice(0, 40)).to.equal(null);
    }
  });

  it('a well-signed token whose payload or header is no JSON object is null', () => {
    expect(hints.read(rawRs256({ alg: 'RS256', kid: 'rsa-1' }, '"a string"'))).to.equal(null);
    expect(hints.read(rawRs256({ alg: 'RS256', kid: 'rsa-1' }, 'not json'))).to.equal(null);
    expect(hints.read(rawRs256({ alg: 'RS256', kid: 'rsa-1' }, '[1]'))).to.equal(null);
    expect(hints.read(rawRs256('null', CLAIMS))).to.equal(null);
  });
});
