import { expect } from 'chai';
import { DpopProofInvalidError, createVerifier } from '../../../src/index';
import { TEST_USER_CLAIMS, createTestDpopKey, createTestIssuer } from '../../../src/testing';

const decoded = (token: string) => token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>);

describe('the test kit’s tokens', () => {
  const issuer = createTestIssuer();

  it('signs the test user, with sub its userId, the issuer’s kid and iss, five minutes of life', () => {
    const [header, claims] = decoded(issuer.sign());
    expect(header).to.deep.include({ alg: 'RS256', kid: issuer.kid });
    expect(claims).to.include({ ...TEST_USER_CLAIMS, sub: '1', iss: 'https://auth.test.invalid' });
    expect((claims.exp as number) - (claims.iat as number)).to.equal(300);
  });

  it('takes the sub from an overridden userId, and leaves the kid out when told', () => {
    expect(decoded(issuer.sign({ userId: '42' }))[1]).to.include({ userId: '42', sub: '42' });
    expect(decoded(issuer.sign({}, { kid: null }))[0]).to.not.have.property('kid');
    expect(decoded(issuer.sign({}, { kid: 'other' }))[0]).to.include({ kid: 'other' });
  });

  it('signs an expired token beyond any tolerance', () => {
    const [, claims] = decoded(issuer.sign({}, { expired: true, expiresInSeconds: 60 }));
    expect(claims.exp as number).to.be.below(Math.floor(Date.now() / 1000) - 300);
  });

  it('writes the typ header it is told (JWT by default), and signs a client’s own token: at+jwt, sub and client_id the client, no user claims', () => {
    expect(decoded(issuer.sign())[0]).to.include({ typ: 'JWT' });
    expect(decoded(issuer.sign({}, { typ: 'at+jwt' }))[0]).to.include({ typ: 'at+jwt' });
    const [header, claims] = decoded(issuer.signClientToken('billing', { scope: 'orders:read', aud: 'https://orders.example' }));
    expect(header).to.include({ alg: 'RS256', typ: 'at+jwt', kid: issuer.kid });
    expect(claims).to.include({ sub: 'billing', client_id: 'billing', scope: 'orders:read', aud: 'https://orders.example', iss: issuer.issuer });
    expect(claims).to.not.have.any.keys('account', 'userId', 'nickName', 'userType');
    expect((claims.exp as number) - (claims.iat as number)).to.equal(300);
    expect(decoded(issuer.signClientToken('billing', {}, { typ: 'JWT', kid: null }))[0]).to.deep.equal({ alg: 'RS256', typ: 'JWT' });
  });
});

describe('the test kit’s DPoP key', () => {
  it('signs proofs a DPoP-bound token of the kit is accepted with, and refused without', async () => {
    const issuer = createTestIssuer();
    const key = createTestDpopKey();
    const token = issuer.sign({ cnf: { jkt: key.jkt } });
    const verifier = createVerifier(issuer.verifierOptions());
    await verifier.start();
    const url = 'http://orders.test/orders';
    const proof = key.proof({ method: 'GET', url, token });
    expect(decoded(proof)[0]).to.deep.include({ typ: 'dpop+jwt', alg: 'ES256' });
    expect((await verifier.verifyRequest({ authorization: `DPoP ${token}`, dpop: proof, method: 'GET', url })).claims.cnf).to.deep.equal({ jkt: key.jkt });
    const old = key.proof({ method: 'GET', url, token }, { iat: 1 });
    expect(decoded(old)[1]).to.include({ iat: 1, htm: 'GET', htu: url });
    const refused = await verifier.verifyRequest({ authorization: `DPoP ${token}`, dpop: old, method: 'GET', url }).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(DpopProofInvalidError);
  });
});
