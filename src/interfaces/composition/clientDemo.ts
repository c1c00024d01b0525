import 'reflect-metadata';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Application } from 'express';
import { Container } from 'inversify';
import type { PublicKeyProvider, RefreshOutcome, RefreshResult } from '@auth-service/client';
import type { Clock } from '@auth-service/client';
import type { TokenVerifier } from '@auth-service/client';
import { loadClientConfig, type ClientConfig } from '../../infrastructure/config/ClientConfig';
import { packageVersion, projectRoot } from '../../infrastructure/config/projectRoot';
import { createLogger, type Logger } from '../../infrastructure/logging/createLogger';
import { actuatorRouter } from '../http/actuator';
import { publicKeyHealth } from '../http/clientHealth';
import { revocationFeedHealth } from '../http/revocationFeedHealth';
import { revocationFeedMetrics } from '../http/revocationMetrics';
import type { FeedOutcome, RevocationFeedProvider } from '@auth-service/client';
import { CurrentUserController } from '../http/controllers/CurrentUserController';
import { closeServer } from '../http/closeServer';
import { createHttpApp, createHttpServer } from '../http/createHttpApp';
import { clientServiceMetrics, createMetricsRegistry, httpRequestMetrics, prometheusRouter, type KeyFetchResult } from '../http/metrics';
import { ObservedTokenVerifier } from '../http/ObservedTokenVerifier';
import { staticFiles } from '../http/staticFiles';
import { clientModule } from '@auth-service/client/inversify';
import { runWorkers } from './runWorkers';
import { configOrExit, serveUntilSignalled } from './serveUntilSignalled';
import { urlToOpen } from './urlToOpen';
import { TYPES } from './types';
import { CLIENT_TYPES } from '@auth-service/client/inversify';

/** A fetch's outcome as the key-fetch counter labels it. */
const FETCH_RESULT: Readonly<Record<RefreshOutcome, KeyFetchResult>> = {
  replaced: 'success',
  unchanged: 'success',
  refused: 'rejected',
  rejected: 'rejected',
  failed: 'error',
};

export interface ClientDemo {
  readonly app: Application;
  /** Created, not listening: supertest can use it as is, `listen` starts it. */
  readonly server: Server;
  readonly container: Container;
  readonly config: Readonly<ClientConfig>;
  readonly provider: PublicKeyProvider;
  /** First key fetch (bounded by the fetch timeout, never rejects) and the refresh schedule. */
  start(): Promise<RefreshResult>;
  /** `start()`, then listen: the service comes up with or without a key. */
  listen(port?: number): Promise<AddressInfo>;
  close(): Promise<void>;
}

export interface ClientDemoBuildOptions {
  /** Called after the modules are loaded and before anything is resolved: rebind adapters here. */
  readonly configure?: (container: Container) => void;
}

/**
 * The demo client service's composition root: the client library's module, the
 * shared current-user controller, static files and the actuator. The same
 * function serves `npm run start:client` and the tests. Building fetches and
 * schedules nothing; `start()`/`listen()` do.
 */
export function buildClientDemo(config: Readonly<ClientConfig>, options: ClientDemoBuildOptions = {}): ClientDemo {
  // Singletons by default: controllers and the like are built once, not per request.
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TYPES.Config).toConstantValue(config);
  container.bind(TYPES.Logger).toConstantValue(createLogger({ name: config.contextPath, level: config.logLevel }));
  const metricsRegistry = createMetricsRegistry();
  const metrics = clientServiceMetrics(metricsRegistry, {
    // Read at scrape time, when the (singleton) provider exists.
    keyFetchedAt: () => container.get<PublicKeyProvider>(CLIENT_TYPES.PublicKeyProvider).state().lastSuccessAt,
    now: () => container.get<Clock>(TYPES.Clock).now(),
  });
  const feedFetched = revocationFeedMetrics(metricsRegistry, {
    fetchedAt: () => container.get<RevocationFeedProvider>(CLIENT_TYPES.RevocationFeedProvider).state().lastSuccessAt,
    now: () => container.get<Clock>(TYPES.Clock).now(),
  });
  container.load(
    clientModule({
      ...config.client,
      onRefresh: (outcome) => metrics.keyFetched(FETCH_RESULT[outcome]),
      onRevocationFeedFetch: (outcome: FeedOutcome) => feedFetched(outcome === 'failed' ? 'error' : outcome === 'unchanged' ? 'unchanged' : 'success'),
    }),
  );
  options.configure?.(container);
  // Whatever verifier is bound (tests may rebind it), rejections are counted.
  container.onActivation<TokenVerifier>(TYPES.TokenVerifier, (_context, verifier) => new ObservedTokenVerifier(verifier, metrics.verificationFailed));

  const provider = container.get<PublicKeyProvider>(CLIENT_TYPES.PublicKeyProvider);
  const root = projectRoot();
  const version = packageVersion(root);
  const app = createHttpApp(container, {
    contextPath: config.contextPath,
    controllers: [CurrentUserController],
    observers: [httpRequestMetrics(metricsRegistry)],
    publicRouters: {
      '/static': staticFiles(join(root, 'demo-static')),
      '/actuator/prometheus': prometheusRouter(metricsRegistry),
      '/actuator': actuatorRouter({
        alsoExposed: ['prometheus'],
        indicators: [publicKeyHealth(provider), revocationFeedHealth(container.get<RevocationFeedProvider>(CLIENT_TYPES.RevocationFeedProvider))],
        info: () => ({
          name: config.contextPath,
          version,
          signMethod: config.client.signMethod,
          keyEndpoint: keyEndpointOf(config.client.authServerUrl, config.client.authContextPath),
          refreshCron: config.client.refreshCron,
          passList: config.client.passList,
        }),
      }),
    },
  });
  const server = createHttpServer(app);

  const start = () => provider.start();
  return {
    app,
    server,
    container,
    config,
    provider,
    start,
    listen: async (port = config.port) => {
      await start();
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, config.host, () => resolve(server.address() as AddressInfo));
      });
    },
    close: async () => {
      await provider.stop();
      await closeServer(server);
    },
  };
}

async function main(): Promise<void> {
  const config = configOrExit(() => loadClientConfig(process.env));
  await runWorkers(config.workers, () => serve(config), createLogger({ name: config.contextPath, level: config.logLevel }));
}

/** One serving process: build, fetch the key (or not: it comes up anyway), listen, stop cleanly on SIGTERM/SIGINT. */
async function serve(config: Readonly<ClientConfig>): Promise<void> {
  const demo = buildClientDemo(config);
  if (config.weakAppSecret) {
    demo.container.get<Logger>(TYPES.Logger).warn({ appId: config.client.appId }, 'weak AUTH_APP_SECRET: guessable online, refused under NODE_ENV=production');
  }
  await serveUntilSignalled(demo, demo.container.get<Logger>(TYPES.Logger), (address) => {
    const key = demo.provider.state();
    // Its own page (static files, no token); the context path itself is no route of the demo.
    const url = urlToOpen(address, `${config.contextPath}/static/index.html`);
    return [{ port: address.port, contextPath: config.contextPath, url, hasKey: key.hasKey, kid: key.kid }, 'client demo listening'];
  });
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`client demo failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

/** The one-key endpoint the library reads first, as /actuator/info shows it (the library joins it the same way). */
function keyEndpointOf(authServerUrl: string, authContextPath: string): string {
  const context = authContextPath.replace(/^\/+|\/+$/g, '');
  return `${authServerUrl.replace(/\/+$/, '')}${context ? `/${context}` : ''}/client/user/secret/key`;
}
