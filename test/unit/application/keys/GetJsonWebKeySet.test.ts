import { expect } from 'chai';
import { GetJsonWebKeySet } from '../../../../src/application/keys/GetJsonWebKeySet';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { VerificationKey } from '@auth-service/client';
import type { PublicJwk, PublicJwkExporter } from '../../../../src/domain/ports/PublicJwkExporter';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';

/** Exports every key as a tiny JWK, except the kids it is told to withhold (as an HMAC secret is). */
class RecordingExporter implements PublicJwkExporter {
  readonly asked: string[] = [];
  constructor(private readonly withheld: ReadonlySet<string> = new Set()) {}

  toPublicJwk(key: VerificationKey): PublicJwk | null {
    this.asked.push(key.kid);
    return this.withheld.has(key.kid) ? null : { kid: key.kid, kty: 'RSA' };
  }
}

function pair(kid: string): SigningKeyPair {
  return { kid, method: 'rsa', alg: 'RS256', privateKey: `private-${kid}`, publicKey: `public-${kid}`, createdAt: new Date(0) };
}

describe('GetJsonWebKeySet', () => {
  it('is empty before any key is loaded', () => {
    expect(new GetJsonWebKeySet(new KeyRing(), new RecordingExporter()).execute()).to.deep.equal({ keys: [] });
  });

  it('exports every published key, in the ring order (next, then active)', () => {
    const ring = new KeyRing();
    ring.activate(pair('active'), [{ kid: 'next', method: 'rsa', algorithms: ['RS256'], material: 'public-next' }]);
    const exporter = new RecordingExporter();
    expect(new GetJsonWebKeySet(ring, exporter).execute()).to.deep.equal({
      keys: [
        { kid: 'next', kty: 'RSA' },
        { kid: 'active', kty: 'RSA' },
      ],
    });
    expect(exporter.asked).to.deep.equal(['next', 'active']);
  });

  it('leaves out keys the exporter will not publish', () => {
    const ring = new KeyRing();
    ring.activate(pair('secret'), [{ kid: 'public', method: 'rsa', algorithms: ['RS256'], material: 'm' }]);
    expect(new GetJsonWebKeySet(ring, new RecordingExporter(new Set(['secret']))).execute()).to.deep.equal({ keys: [{ kid: 'public', kty: 'RSA' }] });
  });
});
