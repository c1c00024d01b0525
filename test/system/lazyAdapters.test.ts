import { execFileSync } from 'node:child_process';
import { expect } from 'chai';
import { join } from 'node:path';
import { LOADED_PACKAGES } from '../support/loadedPackagesProbe';

const INFRASTRUCTURE = join(__dirname, '..', '..', 'dist/src/infrastructure');

/**
 * In a fresh process: requires a compiled adapter, makes it, and reports whether `library` was loaded
 * then, and after `use` (an expression on `adapter`, awaited) ran.
 */
function loadedAround(file: string, exported: string, use: string, library: string): { made: boolean; used: boolean } {
  const script = `const { ${exported} } = require(${JSON.stringify(join(INFRASTRUCTURE, file))});
    const loaded = () => ${LOADED_PACKAGES}.includes(${JSON.stringify(library)});
    const adapter = new ${exported}();
    const made = loaded();
    Promise.resolve(${use}).then(() => console.log(JSON.stringify({ made, used: loaded() })));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim()) as { made: boolean; used: boolean };
}

describe('second-factor and passkey adapters load their library on first use (compiled service)', function () {
  this.timeout(60_000);

  it('@simplewebauthn/server: not when the ceremonies are made, on the first options asked', () => {
    const rp = JSON.stringify({ id: 'localhost', origin: 'http://localhost', name: 'localhost' });
    const run = loadedAround('passkeys/SimpleWebAuthnCeremonies.js', 'SimpleWebAuthnCeremonies', `adapter.assertionOptions({ rp: ${rp}, allowCredentialIds: [] })`, '@simplewebauthn/server');
    expect(run).to.deep.equal({ made: false, used: true });
  });

  it('otpauth: not when the TOTP codes are made, on the first step asked', () => {
    const run = loadedAround('secondFactor/OtpauthTotpCodes.js', 'OtpauthTotpCodes', 'adapter.stepAt(new Date(0))', 'otpauth');
    expect(run).to.deep.equal({ made: false, used: true });
  });

  it('qrcode: not when the renderer is made, on the first code drawn', () => {
    const run = loadedAround('secondFactor/QrcodeSvgRenderer.js', 'QrcodeSvgRenderer', "adapter.svg('otpauth://totp/x')", 'qrcode');
    expect(run).to.deep.equal({ made: false, used: true });
  });

  it("node-forge: its pki part only, not the index's TLS, SSH and PKCS#7, and an RSA key is generated through it", () => {
    const script = `const { ForgeRsaKeyPairGenerator } = require(${JSON.stringify(join(INFRASTRUCTURE, 'crypto/ForgeRsaKeyPairGenerator.js'))});
      new ForgeRsaKeyPairGenerator(2048).generate().then((key) => {
        const forge = Object.keys(require.cache).filter((f) => f.includes('/node-forge/lib/')).map((f) => f.slice(f.lastIndexOf('/') + 1));
        console.log(JSON.stringify({ kid: key.kid.length > 0, forge }));
      });`;
    const run = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim()) as { kid: boolean; forge: string[] };
    expect(run.kid).to.equal(true);
    expect(run.forge).to.include.members(['pki.js', 'rsa.js']);
    expect(run.forge).not.to.include.members(['index.js']);
    expect(run.forge).not.to.include.members(['tls.js']);
    expect(run.forge).not.to.include.members(['ssh.js']);
  });
});
