import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import type { OAuthClient } from '../../src/domain/model/OAuthClient';
import type { OAuthClientStore } from '../../src/domain/ports/OAuthClientStore';
import { TYPES } from '../../src/interfaces/composition/types';
import { authTestConfig } from './authTestServer';
import { buildAuthServer, type AuthServer } from './buildAuthServer';
import { freePort } from './freePort';
import { launchChromiumOrSkip, type SuiteBrowser } from './headlessChromium';
import { registeredClient } from './oauthClients';

/** The service as a relying party sees it: listening where its issuer (and so every discovered endpoint) says. */
export interface ListeningProvider {
  readonly auth: AuthServer;
  /** e.g. http://127.0.0.1:21234/auth: the `iss` of its tokens, the base of its discovery document. */
  readonly issuer: string;
  /** Registers a client in the service's store, as `npm run clients -- add` would; a confidential one with `secret`. */
  register(client: Pick<OAuthClient, 'id' | 'kind' | 'redirectUris'> & Partial<OAuthClient>, secret?: string): Promise<void>;
}

/**
 * For a describe block: Chromium (or the block skipped with the reason printed, as
 * launchChromiumOrSkip) and the real service listening at a port chosen before it
 * starts, so its issuer names that port: relying parties discover the endpoints
 * from it and compare `iss` with it. The service is on 127.0.0.1 and the apps under
 * test on localhost, so their cookies never meet (cookies ignore ports).
 */
export function withChromiumAndOpenIdProvider(env: Record<string, string> = {}): { readonly browser: SuiteBrowser; readonly provider: ListeningProvider } {
  const session = {} as { browser: SuiteBrowser; provider: ListeningProvider };
  before(async function () {
    session.browser = await launchChromiumOrSkip(this);
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}/auth`;
    const auth = await buildAuthServer(authTestConfig({ AUTH_ISSUER: issuer, ...env }));
    await auth.listen(port);
    const clients = auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore);
    session.provider = { auth, issuer, register: (client, secret) => clients.add(registeredClient(client), secret ?? null) };
  });
  after(async () => {
    await session.browser?.close();
    await session.provider?.auth.close();
  });
  return session;
}

/** An app under test on its own port, at http://localhost:<port>. */
export interface RunningApp {
  readonly origin: string;
  close(): Promise<void>;
}

/** Listens on an ephemeral port of 127.0.0.1 and names itself by `localhost` (a secure context for the browser's Web Crypto). */
export async function startApp(listener: RequestListener): Promise<RunningApp> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Signs in on the service's sign-in form (English), which the page must be showing. */
export async function signInOnForm(page: Page, account: string, password = 'any password (stub store)'): Promise<void> {
  await page.getByLabel('Username').fill(account);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
