import { buildAuthServer, type AuthServer } from './buildAuthServer';
import { authTestConfig } from './authTestServer';
import { freePort } from './freePort';

/** A registered client whose secret needs the RFC 6749 §2.3.1 form-encoding (space, `&`, `+`, `%`). */
export const INTEROP_CLIENT = Object.freeze({ id: 'reporting-service', secret: 'an s3cret with spaces & symbols +%' });
/** Another registered client: it must not revoke the first one's tokens. */
export const OTHER_CLIENT = Object.freeze({ id: 'billing-service', secret: 'billing-secret' });

export interface InteropServer {
  readonly auth: AuthServer;
  /** `http://127.0.0.1:<port>/auth`, the issuer the tokens and the metadata carry. */
  readonly issuer: string;
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
}

/**
 * The real auth service (same composition root as `npm start`) listening on a
 * real port, with an issuer that names that port, so standard OAuth clients
 * can discover it and check the metadata's issuer against the URL they used;
 * `env` adds settings (AUTH_DPOP_NONCE, …).
 */
export async function startInteropServer(env: Record<string, string> = {}): Promise<InteropServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const issuer = `${origin}/auth`;
  const clients = [INTEROP_CLIENT, OTHER_CLIENT].map((client) => `${client.id}:${client.secret}`).join(',');
  const auth = await buildAuthServer(authTestConfig({ AUTH_ISSUER: issuer, AUTH_CLIENTS: clients, AUTH_LOGIN_MAX_ATTEMPTS: '1000', ...env }));
  await auth.listen(port);
  return { auth, issuer, origin };
}
