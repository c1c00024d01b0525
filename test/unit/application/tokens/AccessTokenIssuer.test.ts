import { expect } from 'chai';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import { FixedClock } from '../../../support/FixedClock';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';

const NOW = '2026-01-01T00:00:00Z';
const IAT = Date.parse(NOW) / 1000;
const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: '4', tenantId: null, telephone: null, avatar: 'a.png', grade: null };
const KEY = { kid: 'k1', method: 'rsa' as const, alg: 'RS256', privateKey: 'p', publicKey: 'q', createdAt: new Date(0) };

describe('AccessTokenIssuer: the one place access tokens are made', () => {
  let signer: RecordingTokenSigner;
  let issuer: AccessTokenIssuer;

  beforeEach(() => {
    signer = new RecordingTokenSigner();
    const ring = new KeyRing();
    ring.activate(KEY);
    issuer = new AccessTokenIssuer(signer, ring, new FixedClock(NOW), new SequenceIdGenerator(), { issuer: 'https://auth.example', ttlSeconds: 600 });
  });

  it("the seed login's token: typ JWT, the user's claims, no client_id, aud or scope", async () => {
    const issued = await issuer.forUser(USER, null);
    expect(issued).to.deep.equal({ token: 'token-1', jti: 'id-1', expiresAt: IAT + 600, subject: '7', issuedAt: IAT });
    expect(signer.signed[0].type).to.equal('JWT');
    expect(signer.signed[0].key).to.equal(KEY);
    expect(signer.signed[0].claims).to.deep.equal({
      account: 'alice', nickName: 'Alice', userId: '7', userType: '4', avatar: 'a.png', sub: '7', iss: 'https://auth.example', iat: IAT, exp: IAT + 600, jti: 'id-1',
    });
    expect(issuer.ttlSeconds).to.equal(600);
  });

  it('a user token issued to a client: RFC 9068 at+jwt with client_id, the one resource as aud, the scopes space-separated', async () => {
    await issuer.forUser(USER, { clientId: 'web', access: { scopes: ['orders:read', 'openid'], resources: ['https://orders.example'] } });
    expect(signer.signed[0].type).to.equal('at+jwt');
    expect(signer.signed[0].claims).to.deep.include({ sub: '7', client_id: 'web', aud: 'https://orders.example', scope: 'orders:read openid' });
  });

  it("several resources are a list; none registered makes the client's own id the audience; no scope granted, no scope claim", async () => {
    await issuer.forUser(USER, { clientId: 'web', access: { scopes: [], resources: ['https://a.example', 'https://b.example'] } });
    await issuer.forUser(USER, { clientId: 'web', access: { scopes: [], resources: [] } });
    expect(signer.signed[0].claims).to.deep.include({ aud: ['https://a.example', 'https://b.example'] });
    expect(signer.signed[1].claims).to.deep.include({ aud: 'web' });
    expect(signer.signed[1].claims).not.to.have.property('scope');
  });

  describe("a stored client's user token: the user fields its scopes release", () => {
    const FULL = { ...USER, tenantId: 't1', telephone: '+86 10 1234', grade: 'g2' };
    const claimsFor = async (scopes: string[]) => {
      await issuer.forUser(FULL, { clientId: 'web', access: { scopes, resources: [] } });
      return signer.signed[0].claims;
    };

    it('no scope, openid alone or email: no user field, the user named by sub alone', async () => {
      for (const scopes of [[], ['openid'], ['openid', 'email']]) {
        signer.signed.length = 0;
        const claims = await claimsFor(scopes);
        expect(claims, scopes.join(' ')).to.deep.equal({ sub: '7', iss: 'https://auth.example', iat: IAT, exp: IAT + 600, jti: claims.jti, client_id: 'web', aud: 'web', ...(scopes.length === 0 ? {} : { scope: scopes.join(' ') }) });
      }
    });

    it('profile releases who the user is (tenant and grade too), phone the telephone alone, both both in the original order', async () => {
      const profile = await claimsFor(['openid', 'profile']);
      expect(Object.keys(profile).slice(0, 8)).to.deep.equal(['account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'grade', 'sub']);
      expect(profile).to.include({ account: 'alice', nickName: 'Alice', userId: '7', userType: '4', tenantId: 't1', avatar: 'a.png', grade: 'g2' });
      signer.signed.length = 0;
      expect(Object.keys(await claimsFor(['phone'])).slice(0, 2)).to.deep.equal(['telephone', 'sub']);
      signer.signed.length = 0;
      expect(Object.keys(await claimsFor(['phone', 'profile'])).slice(0, 8)).to.deep.equal(['account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'telephone', 'grade']);
    });

    it('the seed login (no client) and an AUTH_CLIENTS entry keep every field', async () => {
      await issuer.forUser(FULL, null);
      await issuer.forUser(FULL, { clientId: 'svc', access: { scopes: [], resources: [] }, configured: true });
      await issuer.forUser(FULL, { clientId: 'web', access: { scopes: [], resources: [] }, configured: false });
      expect(signer.signed[0].claims).to.include({ tenantId: 't1', avatar: 'a.png', telephone: '+86 10 1234', grade: 'g2' });
      expect(signer.signed[1].claims).to.include({ tenantId: 't1', avatar: 'a.png', telephone: '+86 10 1234', grade: 'g2', client_id: 'svc' });
      expect(signer.signed[2].claims).not.to.have.any.keys('account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'telephone', 'grade');
      expect(Object.keys(signer.signed[0].claims).slice(0, 9)).to.deep.equal(['account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'telephone', 'grade', 'sub']);
    });
  });

  it("a client's own token: sub and client_id its id, no user claim, at+jwt, subject the client", async () => {
    const issued = await issuer.forClient({ clientId: 'svc', access: { scopes: ['jobs'], resources: ['https://jobs.example'] } });
    expect(issued.subject).to.equal('svc');
    expect(signer.signed[0].type).to.equal('at+jwt');
    expect(signer.signed[0].claims).to.deep.equal({
      sub: 'svc', client_id: 'svc', iss: 'https://auth.example', iat: IAT, exp: IAT + 600, jti: 'id-1', aud: 'https://jobs.example', scope: 'jobs',
    });
  });
  it('RFC 9068 §2.2.1: auth_time, acr and amr of the sign-in behind a client token; none without one, none on the seed login', async () => {
    await issuer.forUser(USER, { clientId: 'web', access: { scopes: [], resources: [] }, signIn: { authTime: IAT - 60, authentication: { acr: 'urn:auth-service:acr:mfa', amr: ['pwd', 'otp', 'mfa'] } } });
    await issuer.forUser(USER, { clientId: 'web', access: { scopes: [], resources: [] }, signIn: {} });
    await issuer.forUser(USER, { clientId: 'web', access: { scopes: [], resources: [] }, signIn: { authTime: 0 } });
    await issuer.forUser(USER, { clientId: 'web', access: { scopes: [], resources: [] } });
    await issuer.forUser(USER, null);
    const [mfa, now, unknownTime, none, seed] = signer.signed.map((signed) => signed.claims as unknown as Record<string, unknown>);
    expect(mfa).to.deep.include({ auth_time: IAT - 60, acr: 'urn:auth-service:acr:mfa', amr: ['pwd', 'otp', 'mfa'] });
    expect(now).to.deep.include({ auth_time: IAT, acr: 'urn:auth-service:acr:password', amr: ['pwd'] });
    expect(unknownTime).not.to.have.property('auth_time');
    expect(unknownTime).to.have.property('acr');
    for (const claims of [none, seed]) for (const name of ['auth_time', 'acr', 'amr']) expect(claims).not.to.have.property(name);
  });
});
