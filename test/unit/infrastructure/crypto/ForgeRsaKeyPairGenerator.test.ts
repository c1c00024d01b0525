import { expect } from 'chai';
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import forge from 'node-forge';
import { ForgeRsaKeyPairGenerator, type RsaKeyMaterial } from '../../../../src/infrastructure/crypto/ForgeRsaKeyPairGenerator';
import { jwkThumbprint } from '@auth-service/client';

const RSA_ENCRYPTION_OID = '1.2.840.113549.1.1.1';

describe('ForgeRsaKeyPairGenerator', () => {
  let material: RsaKeyMaterial;

  before(async () => {
    material = await new ForgeRsaKeyPairGenerator(2048).generate();
  });

  it("relies on forge's native (node:crypto) path, not its pure-JavaScript one", () => {
    expect(ForgeRsaKeyPairGenerator.usesNativeGenerator()).to.equal(true);
  });

  it('makes a 2048-bit RSA key with exponent 65537', () => {
    const publicKey = createPublicKey({ key: Buffer.from(material.publicKey, 'base64'), format: 'der', type: 'spki' });
    expect(publicKey.asymmetricKeyType).to.equal('rsa');
    expect(publicKey.asymmetricKeyDetails).to.deep.include({ modulusLength: 2048, publicExponent: 65537n });
  });

  it('makes a key of the size it was given, not forge\'s default', async function () {
    this.timeout(60_000);
    const larger = await new ForgeRsaKeyPairGenerator(3072).generate();
    expect(createPublicKey({ key: Buffer.from(larger.publicKey, 'base64'), format: 'der', type: 'spki' }).asymmetricKeyDetails).to.deep.include({ modulusLength: 3072 });
  });

  it('writes the public key as Base64 X.509 SubjectPublicKeyInfo DER (what X509EncodedKeySpec reads)', () => {
    expect(material.publicKey).to.match(/^[A-Za-z0-9+/]+={0,2}$/);
    const der = Buffer.from(material.publicKey, 'base64');
    expect(der[0]).to.equal(0x30);

    const spki = forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')));
    expect(spki.tagClass).to.equal(forge.asn1.Class.UNIVERSAL);
    expect(spki.type).to.equal(forge.asn1.Type.SEQUENCE);
    const [algorithm, subjectPublicKey] = spki.value as forge.asn1.Asn1[];
    expect(algorithm.type).to.equal(forge.asn1.Type.SEQUENCE);
    const oid = (algorithm.value as forge.asn1.Asn1[])[0];
    expect(oid.type).to.equal(forge.asn1.Type.OID);
    expect(forge.asn1.derToOid(oid.value as string)).to.equal(RSA_ENCRYPTION_OID);
    expect(subjectPublicKey.type).to.equal(forge.asn1.Type.BITSTRING);
  });

  it('writes the private key as Base64 PKCS#8 DER matching the public key', () => {
    const privateKey = createPrivateKey({ key: Buffer.from(material.privateKey, 'base64'), format: 'der', type: 'pkcs8' });
    const publicKey = createPublicKey({ key: Buffer.from(material.publicKey, 'base64'), format: 'der', type: 'spki' });
    const signature = sign('sha256', Buffer.from('payload'), privateKey);
    expect(verify('sha256', Buffer.from('payload'), publicKey, signature)).to.equal(true);
  });

  it('uses the RFC 7638 thumbprint of the public key as kid', () => {
    const publicKey = createPublicKey({ key: Buffer.from(material.publicKey, 'base64'), format: 'der', type: 'spki' });
    expect(material.kid).to.equal(jwkThumbprint(publicKey));
  });
});
