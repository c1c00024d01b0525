import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key: ints, text, bytes, maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const buffer = Buffer.alloc(3);
  buffer.writeUInt8((major << 5) | 25, 0);
  buffer.writeUInt16BE(length, 1);
  return buffer;
}

const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const AT = 0x40;

export interface CeremonyContext {
  readonly challenge: string;
  readonly origin: string;
  readonly rpId: string;
}

/**
 * A WebAuthn authenticator in software (one P-256 credential, "none"
 * attestation): makes registration and assertion responses as a browser
 * hands them over, with real signatures, so the library's checks run for real.
 */
export class SoftwareAuthenticator {
  readonly credentialId = Buffer.from('software-credential-1').toString('base64url');
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;

  constructor(private readonly options: { readonly userVerified?: boolean; readonly synced?: boolean } = {}) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: String(jwk.x), y: String(jwk.y) };
  }

  /** The private key as PKCS#8 DER, base64: what CDP `WebAuthn.addCredential` takes to hold the same credential. */
  privateKeyPkcs8(): string {
    return this.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  }

  register(context: CeremonyContext): unknown {
    const clientData = clientDataOf('webauthn.create', context);
    const coseKey = new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const id = Buffer.from(this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cbor(coseKey)]);
    const authData = Buffer.concat([this.authData(context.rpId, AT), attested]);
    const attestationObject = cbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: { clientDataJSON: clientData.toString('base64url'), attestationObject: attestationObject.toString('base64url'), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /** An assertion; the counter moves on first (set `counter` back to play a clone). `userVerified` overrides the instance's for this one. */
  assert(context: CeremonyContext, userVerified = this.options.userVerified !== false): unknown {
    this.counter += 1;
    const clientData = clientDataOf('webauthn.get', context);
    const authData = this.authData(context.rpId, 0, userVerified);
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientData).digest()]), this.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: { clientDataJSON: clientData.toString('base64url'), authenticatorData: authData.toString('base64url'), signature: signature.toString('base64url') },
      clientExtensionResults: {},
    };
  }

  private authData(rpId: string, extraFlags: number, userVerified = this.options.userVerified !== false): Buffer {
    const flags = UP | (userVerified ? UV : 0) | (this.options.synced === true ? BE : 0) | extraFlags;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([flags]), counter]);
  }
}

function clientDataOf(type: string, context: CeremonyContext): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge: context.challenge, origin: context.origin, crossOrigin: false }), 'utf8');
}
