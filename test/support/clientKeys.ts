import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export type ClientKeyAlg = 'RS256' | 'PS256' | 'ES256' | 'EdDSA';

/** A client's signing key for private_key_jwt: the private half signs assertions, the public JWK is what gets registered. */
export class ClientKeyPair {
  private constructor(
    readonly alg: ClientKeyAlg,
    readonly kid: string,
    readonly privateKey: CryptoKey,
    readonly publicJwk: JWK,
  ) {}

  static async generate(alg: ClientKeyAlg, kid: string): Promise<ClientKeyPair> {
    const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
    return new ClientKeyPair(alg, kid, privateKey, { ...(await exportJWK(publicKey)), kid });
  }

  /**
   * A client assertion (RFC 7523 §3) of `clientId` for `audience`, valid 60 s from `now` (epoch seconds),
   * with a fresh jti; `claims` and `header` override or add members (undefined removes one).
   */
  async assertion(clientId: string, audience: string | string[], now: number, claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}): Promise<string> {
    const payload = definedOnly({ iss: clientId, sub: clientId, aud: audience, iat: now, exp: now + 60, jti: `jti-${Math.random().toString(36).slice(2)}`, ...claims });
    return new SignJWT(payload).setProtectedHeader(definedOnly({ alg: this.alg, kid: this.kid, ...header }) as { alg: string }).sign(this.privateKey);
  }
}

function definedOnly(members: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(members).filter(([, value]) => value !== undefined));
}

/** The private_key_jwt form fields of an assertion. */
export function assertionFields(assertion: string): Record<string, string> {
  return { client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: assertion };
}

/** JWKS files in a temporary folder, as an operator hands them to `clients add --jwks`; removed by `dispose`. */
export class JwksFiles {
  private readonly dir = mkdtempSync(join(tmpdir(), 'client-jwks-'));
  private count = 0;

  write(document: unknown): string {
    const path = join(this.dir, `jwks-${++this.count}.json`);
    writeFileSync(path, JSON.stringify(document));
    return path;
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A client's own key server on loopback: serves `keys` as a JWKS at `url`, counting the fetches. */
export class JwksServer {
  keys: JWK[] = [];
  fetches = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(keys: JWK[]): Promise<JwksServer> {
    const served = { current: undefined as JwksServer | undefined };
    const server = createServer((_req, res) => {
      served.current!.fetches++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: served.current!.keys }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    served.current = new JwksServer(server, `http://127.0.0.1:${port}/jwks`);
    served.current.keys = keys;
    return served.current;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
