import { expect } from 'chai';
import { CheckDpopProof, MAX_DPOP_PROOF_LENGTH, type CheckDpopProofInput, type DpopNoncePolicy } from '../../../../src/application/dpop/CheckDpopProof';
import { InvalidDpopProofError, UseDpopNonceError } from '../../../../src/domain/dpopErrors';
import { FakeDpopNonces } from '../../../support/FakeDpopNonces';
import { dpopTestProof, FakeDpopProofCrypto, TEST_EC_JKT, TEST_EC_JWK } from '../../../support/FakeDpopProofCrypto';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryDpopProofReplays } from '../../../support/InMemoryDpopProofReplays';

const NOW = 1767225600;
const TOKEN_URL = 'https://as.example/auth/oauth/token';

describe('CheckDpopProof (RFC 9449 §4.3)', () => {
  let crypto: FakeDpopProofCrypto;
  let replays: InMemoryDpopProofReplays;
  let nonces: FakeDpopNonces;

  const checker = (policy: DpopNoncePolicy = 'off') => new CheckDpopProof(crypto, replays, nonces, new FixedClock('2026-01-01T00:00:00Z'), policy);
  const input = (proof: string, rest: Partial<CheckDpopProofInput> = {}): CheckDpopProofInput => ({ proof, method: 'POST', urls: [TOKEN_URL, 'http://internal:8001/auth/oauth/token'], ...rest });
  const refusal = async (proof: string, rest: Partial<CheckDpopProofInput> = {}, policy: DpopNoncePolicy = 'off'): Promise<string> => {
    const error = await checker(policy).execute(input(proof, rest)).catch((caught: unknown) => caught);
    expect(error, proof).to.be.instanceOf(InvalidDpopProofError);
    return (error as InvalidDpopProofError).detail;
  };

  beforeEach(() => {
    crypto = new FakeDpopProofCrypto();
    replays = new InMemoryDpopProofReplays();
    nonces = new FakeDpopNonces();
  });

  it('answers the RFC 7638 thumbprint of the proof key, verified with the header alg and key', async () => {
    expect(await checker().execute(input(dpopTestProof(NOW)))).to.equal(TEST_EC_JKT);
    expect(crypto.verified).to.deep.equal([{ alg: 'ES256', jwk: TEST_EC_JWK }]);
  });

  it('refuses what is no compact JWS, and a proof too long to read, before decoding it', async () => {
    expect(await refusal('not a jws')).to.equal('not a compact JWS');
    const long = dpopTestProof(NOW, { pad: 'x'.repeat(MAX_DPOP_PROOF_LENGTH) });
    expect(await refusal(long)).to.equal('proof too long');
    const justFits = dpopTestProof(NOW, { pad: '' });
    const padded = dpopTestProof(NOW, { pad: 'x'.repeat(MAX_DPOP_PROOF_LENGTH - justFits.length) });
    expect(padded.length).to.equal(MAX_DPOP_PROOF_LENGTH);
    expect(await checker().execute(input(padded))).to.equal(TEST_EC_JKT);
  });

  it('refuses another typ', async () => {
    for (const typ of ['JWT', 'at+jwt', undefined, 'DPOP+JWT']) expect(await refusal(dpopTestProof(NOW, {}, { typ }))).to.equal('typ is not dpop+jwt');
  });

  it('refuses an alg outside the pinned asymmetric list (none, HMAC, others)', async () => {
    for (const alg of ['none', 'HS256', 'RS512', 'ES384', 'es256', undefined]) {
      expect(await refusal(dpopTestProof(NOW, {}, { alg }))).to.equal('alg is not one of ES256, PS256, RS256, EdDSA');
    }
    expect(crypto.verified).to.deep.equal([]);
  });

  it('takes Ed25519 (RFC 9864) as EdDSA over an Ed25519 key only', async () => {
    const ed25519 = { kty: 'OKP', crv: 'Ed25519', x: 'x' };
    expect(await checker().execute(input(dpopTestProof(NOW, {}, { alg: 'Ed25519', jwk: ed25519 })))).to.equal('sha256({"crv":"Ed25519","kty":"OKP","x":"x"})');
    expect(crypto.verified).to.deep.equal([{ alg: 'EdDSA', jwk: ed25519 }]);
    expect(await refusal(dpopTestProof(NOW, {}, { alg: 'Ed25519', jwk: { ...ed25519, crv: 'Ed448' } }))).to.equal('jwk is not a public key of the alg');
    expect(await refusal(dpopTestProof(NOW, {}, { alg: 'Ed448', jwk: { ...ed25519, crv: 'Ed448' } }))).to.equal('alg is not one of ES256, PS256, RS256, EdDSA');
    expect(await refusal(dpopTestProof(NOW, {}, { alg: 'toString' }))).to.equal('alg is not one of ES256, PS256, RS256, EdDSA');
  });

  it('refuses a private, symmetric, missing or mismatched key without verifying anything', async () => {
    const keys = [{ ...TEST_EC_JWK, d: 'private' }, { kty: 'oct', k: 'secret' }, undefined, 'a string', [TEST_EC_JWK], { kty: 'RSA', n: 'n', e: 'AQAB' }, { ...TEST_EC_JWK, crv: 'P-384' }, { ...TEST_EC_JWK, y: 1 }];
    for (const jwk of keys) expect(await refusal(dpopTestProof(NOW, {}, { jwk })), JSON.stringify(jwk)).to.equal('jwk is not a public key of the alg');
    expect(crypto.verified).to.deep.equal([]);
  });

  it('refuses a signature that does not verify', async () => {
    crypto.badSignature = true;
    expect(await refusal(dpopTestProof(NOW))).to.equal('signature does not verify');
    expect(replays.seen.size).to.equal(0);
  });

  it('refuses a proof for another method', async () => {
    expect(await refusal(dpopTestProof(NOW, { htm: 'GET' }))).to.equal('htm is not the request method');
    expect(await refusal(dpopTestProof(NOW, { htm: 'post' }))).to.equal('htm is not the request method');
  });

  it('takes htu without its query and fragment, as the endpoint or the request URL; refuses another', async () => {
    expect(await checker().execute(input(dpopTestProof(NOW, { jti: 'a', htu: `${TOKEN_URL}?x=1#f` })))).to.equal(TEST_EC_JKT);
    expect(await checker().execute(input(dpopTestProof(NOW, { jti: 'b', htu: 'http://internal:8001/auth/oauth/token' })))).to.equal(TEST_EC_JKT);
    for (const htu of ['https://as.example/auth/oauth/userinfo', 'https://other.example/auth/oauth/token', 'not a url', 42, undefined]) {
      expect(await refusal(dpopTestProof(NOW, { htu }))).to.equal('htu is not the endpoint');
    }
  });

  it('takes iat within 60 s back and 5 s ahead; refuses older, later or missing', async () => {
    expect(await checker().execute(input(dpopTestProof(NOW - 60, { jti: 'old' })))).to.equal(TEST_EC_JKT);
    expect(await checker().execute(input(dpopTestProof(NOW + 5, { jti: 'ahead' })))).to.equal(TEST_EC_JKT);
    expect(await refusal(dpopTestProof(NOW - 61))).to.equal('iat too old');
    expect(await refusal(dpopTestProof(NOW + 6))).to.equal('iat in the future');
    for (const iat of ['1767225600', undefined, Number.NaN, Infinity]) expect(await refusal(dpopTestProof(0, { iat }))).to.equal('iat missing');
  });

  it('needs a jti of 1 to 256 characters', async () => {
    expect(await checker().execute(input(dpopTestProof(NOW, { jti: 'j'.repeat(256) })))).to.equal(TEST_EC_JKT);
    for (const jti of ['', 'j'.repeat(257), 7, undefined]) expect(await refusal(dpopTestProof(NOW, { jti }))).to.equal('jti missing or too long');
  });

  it('refuses a jti seen before for the key, on any instance, and remembers it until its window ends', async () => {
    await checker().execute(input(dpopTestProof(NOW - 10)));
    expect(await refusal(dpopTestProof(NOW - 10))).to.equal('jti replayed');
    expect([...replays.seen.values()]).to.deep.equal([NOW - 10 + 60]);
    // The same jti under another key is another proof.
    const otherKey = { ...TEST_EC_JWK, x: 'other' };
    expect(await checker().execute(input(dpopTestProof(NOW, {}, { jwk: otherKey })))).to.not.equal(TEST_EC_JKT);
  });

  it('checks ath against the presented access token only where one is presented', async () => {
    const at = { method: 'GET', accessToken: 'the-token' };
    expect(await checker().execute(input(dpopTestProof(NOW, { jti: 'a', htm: 'GET', ath: 'sha256(the-token)' }), at))).to.equal(TEST_EC_JKT);
    expect(await refusal(dpopTestProof(NOW, { htm: 'GET', ath: 'sha256(another)' }), at)).to.equal('ath is not the hash of the access token');
    expect(await refusal(dpopTestProof(NOW, { htm: 'GET' }), at)).to.equal('ath is not the hash of the access token');
    expect(await checker().execute(input(dpopTestProof(NOW, { jti: 'b', ath: 'whatever' })))).to.equal(TEST_EC_JKT);
  });

  it('with nonces required: asks for the current one when missing or unknown, takes a recent one', async () => {
    for (const nonce of [undefined, 'forged', 5]) {
      const error = await checker('required').execute(input(dpopTestProof(NOW, { nonce }))).catch((caught: unknown) => caught);
      expect(error).to.be.instanceOf(UseDpopNonceError);
      expect((error as UseDpopNonceError).nonce).to.equal('nonce-now');
    }
    // A refused nonce burns no jti: the client retries the same request with the nonce.
    expect(replays.seen.size).to.equal(0);
    expect(await checker('required').execute(input(dpopTestProof(NOW, { jti: 'a', nonce: 'nonce-before' })))).to.equal(TEST_EC_JKT);
    expect(await checker('off').execute(input(dpopTestProof(NOW, { jti: 'b' })))).to.equal(TEST_EC_JKT);
  });

  it('announces the current nonce only when nonces are required', () => {
    expect(checker('required').nonceToAnnounce()).to.equal('nonce-now');
    expect(checker('off').nonceToAnnounce()).to.equal(null);
  });
});
