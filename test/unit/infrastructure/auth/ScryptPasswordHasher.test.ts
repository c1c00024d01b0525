import { expect } from 'chai';
import { DEFAULT_SCRYPT_PARAMETERS, ScryptPasswordHasher } from '../../../../src/infrastructure/auth/ScryptPasswordHasher';

/** Cheap parameters keep the suite fast; one test covers the defaults. */
const FAST = { N: 1024, r: 8, p: 1, keyLength: 32, saltLength: 16 };

describe('ScryptPasswordHasher', () => {
  const hasher = new ScryptPasswordHasher(FAST);

  it('writes algorithm, parameters, salt and digest into the hash', async () => {
    const hash = await hasher.hash('pässword');

    expect(hash).to.match(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hasher.hash('pässword');

    expect(await hasher.verify('pässword', hash)).to.equal(true);
    expect(await hasher.verify('password', hash)).to.equal(false);
    expect(await hasher.verify('pässword ', hash)).to.equal(false);
  });

  it('salts every hash, so equal passwords give different hashes', async () => {
    const [first, second] = await Promise.all([hasher.hash('same'), hasher.hash('same')]);

    expect(first).not.to.equal(second);
    expect(await hasher.verify('same', second)).to.equal(true);
  });

  it('verifies hashes made with other parameters, and says they need rehashing', async () => {
    const old = await new ScryptPasswordHasher({ ...FAST, N: 512, r: 4, keyLength: 24 }).hash('kept');

    expect(await hasher.verify('kept', old)).to.equal(true);
    expect(hasher.needsRehash(old)).to.equal(true);
    expect(hasher.needsRehash(await hasher.hash('kept'))).to.equal(false);
  });

  it('answers false, not an error, for malformed or absurd hashes', async () => {
    const good = await hasher.hash('x');
    const [, , , , salt, digest] = good.split('$');
    const malformed = ['', 'plain', 'bcrypt$2b$10$abc', good.replace('scrypt', 'SCRYPT'), `scrypt$1000$8$1$${salt}$${digest}`, `scrypt$${2 ** 24}$8$1$${salt}$${digest}`, `scrypt$1024$8$1$${salt}$c2hvcnQ`];

    for (const hash of malformed) {
      expect(await hasher.verify('x', hash), hash).to.equal(false);
      expect(hasher.needsRehash(hash)).to.equal(true);
    }
  });

  it('uses N=2^15, r=8, p=1 by default', async () => {
    const hash = await new ScryptPasswordHasher().hash('default');

    expect(DEFAULT_SCRYPT_PARAMETERS).to.include({ N: 32768, r: 8, p: 1 });
    expect(hash.startsWith('scrypt$32768$8$1$')).to.equal(true);
    expect(await new ScryptPasswordHasher().verify('default', hash)).to.equal(true);
  });

  it('refuses unusable parameters up front', () => {
    expect(() => new ScryptPasswordHasher({ ...FAST, N: 1000 })).to.throw(RangeError);
  });
});
