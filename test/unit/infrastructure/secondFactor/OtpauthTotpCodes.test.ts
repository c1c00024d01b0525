import { expect } from 'chai';
import { OtpauthTotpCodes } from '../../../../src/infrastructure/secondFactor/OtpauthTotpCodes';

/** RFC 6238 appendix B's SHA-1 seed, "12345678901234567890", in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
/** Its code at T = 59 s (step 1), the test vector's 94287082 cut to 6 digits. */
const CODE_AT_59 = '287082';

describe('OtpauthTotpCodes (RFC 6238: SHA-1, 6 digits, 30 s, one step either side)', () => {
  const codes = new OtpauthTotpCodes();

  it('makes a new 160-bit secret in base32 each time', () => {
    const secret = codes.newSecret();
    expect(secret).to.match(/^[A-Z2-7]{32}$/);
    expect(codes.newSecret()).not.to.equal(secret);
  });

  it('writes the otpauth URI an authenticator app reads', () => {
    const uri = new URL(codes.uri(RFC_SECRET, 'alice', 'auth.example'));
    expect(uri.protocol).to.equal('otpauth:');
    expect(uri.host).to.equal('totp');
    expect(decodeURIComponent(uri.pathname)).to.equal('/auth.example:alice');
    expect(Object.fromEntries(uri.searchParams)).to.deep.equal({ issuer: 'auth.example', secret: RFC_SECRET, algorithm: 'SHA1', digits: '6', period: '30' });
  });

  it('numbers 30-second steps from the epoch', () => {
    expect(codes.stepAt(new Date(0))).to.equal(0);
    expect(codes.stepAt(new Date(59_000))).to.equal(1);
    expect(codes.stepAt(new Date(60_000))).to.equal(2);
  });

  it("matches the RFC's code at its step, and one step later or earlier, naming the step it was made for", () => {
    expect(codes.matchStep(RFC_SECRET, CODE_AT_59, new Date(59_000))).to.equal(1);
    expect(codes.matchStep(RFC_SECRET, CODE_AT_59, new Date(89_000))).to.equal(1);
    expect(codes.matchStep(RFC_SECRET, CODE_AT_59, new Date(29_000))).to.equal(1);
  });

  it('refuses the code two steps away, and a wrong code', () => {
    expect(codes.matchStep(RFC_SECRET, CODE_AT_59, new Date(119_000))).to.equal(null);
    expect(codes.matchStep(RFC_SECRET, '000000', new Date(59_000))).to.equal(null);
  });
});
