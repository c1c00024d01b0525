import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { AesGcmKeyCipher, ENCRYPTED_PREFIX, PlaintextKeyCipher } from '../../../../src/infrastructure/crypto/AesGcmKeyCipher';

describe('AesGcmKeyCipher', () => {
  const cipher = new AesGcmKeyCipher(randomBytes(32));

  it('round-trips and never stores the plaintext', () => {
    const stored = cipher.encrypt('MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', 'kid-1');
    expect(stored.startsWith(ENCRYPTED_PREFIX)).to.equal(true);
    expect(stored).not.to.contain('MIIEvQIBADANBgkqhkiG9w0BAQEFAASC');
    expect(cipher.decrypt(stored, 'kid-1')).to.equal('MIIEvQIBADANBgkqhkiG9w0BAQEFAASC');
  });

  it('uses a fresh IV each time', () => {
    expect(cipher.encrypt('same', 'kid')).not.to.equal(cipher.encrypt('same', 'kid'));
  });

  it('binds the kid: a ciphertext moved to another key row does not decrypt', () => {
    const stored = cipher.encrypt('secret', 'kid-1');
    expect(() => cipher.decrypt(stored, 'kid-2')).to.throw().with.property('code', 'KEY_DECRYPTION_FAILED');
  });

  it('refuses a wrong key and a tampered ciphertext', () => {
    const stored = cipher.encrypt('secret', 'kid-1');
    expect(() => new AesGcmKeyCipher(randomBytes(32)).decrypt(stored, 'kid-1')).to.throw().with.property('code', 'KEY_DECRYPTION_FAILED');
    const body = Buffer.from(stored.slice(ENCRYPTED_PREFIX.length), 'base64');
    body[body.length - 1] ^= 1;
    expect(() => cipher.decrypt(ENCRYPTED_PREFIX + body.toString('base64'), 'kid-1')).to.throw().with.property('code', 'KEY_DECRYPTION_FAILED');
  });

  it('accepts only 32-byte keys', () => {
    expect(() => new AesGcmKeyCipher(randomBytes(16))).to.throw(RangeError);
  });
});

describe('PlaintextKeyCipher', () => {
  it('passes plaintext through and refuses encrypted text with a clear message', () => {
    const plain = new PlaintextKeyCipher();
    expect(plain.decrypt('abc')).to.equal('abc');
    expect(() => plain.decrypt(`${ENCRYPTED_PREFIX}AAAA`)).to.throw(/set AUTH_KEY_ENCRYPTION_KEY/);
  });
});
