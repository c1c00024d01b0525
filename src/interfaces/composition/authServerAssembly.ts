import type { StoreChangeFeed } from '../../infrastructure/persistence/cache/StoreChange';
import 'reflect-metadata';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Application } from 'express';
import type { Container } from 'inversify';
import type { DataSource } from 'typeorm';
import type { EnsureIssuer } from '../../application/EnsureIssuer';
import type { EnsureSignInFormKey } from '../../application/oauth/EnsureSignInFormKey';
import type { EnsureSigningKeys } from '../../application/keys/EnsureSigningKeys';
import type { SyncSigningKeys } from '../../application/keys/SyncSigningKeys';
import type { CachedRevocationView } from '../../application/revocation/CachedRevocationView';
import type { KeyRing } from '../../domain/model/KeyRing';
import type { ServiceIssuer } from '../../domain/model/ServiceIssuer';
import type { Clock } from '@auth-service/client';
import type { KeyPairGenerator } from '../../domain/ports/KeyPairGenerator';
import type { KeyStore } from '../../domain/ports/KeyStore';
import type { UserAuthenticator } from '../../domain/ports/UserAuthenticator';
import { StubUserAuthenticator } from '../../infrastructure/auth/StubUserAuthenticator';
import { ModuleUserAuthenticator } from '../../infrastructure/auth/userStoreModule/ModuleUserAuthenticator';
import type { AuthServerConfig } from '../../infrastructure/config/AuthServerConfig';
import { packageVersion, projectRoot } from '../../infrastructure/config/projectRoot';
import { transportWarnings } from '../../infrastructure/config/transportWarnings';
import type { Logger } from '../../infrastructure/logging/createLogger';
import type { AttemptCounterStore } from '../../infrastructure/limits/AttemptCounterStore';
import { openDatabase } from '../../infrastructure/persistence/createDataSource';
import type { HmacDpopNonces } from '../../infrastructure/crypto/HmacDpopNonces';
import { actuatorRouter } from '../http/actuator';
import { apiDocsRouter, swaggerUiRouter } from '../http/apiDocs';
import { clientRoutesNoStore } from '../http/clientRoutesNoStore';
import { databaseHealth, revocationViewHealth, signingKeyHealth } from '../http/authHealth';
import { AUTH_SERVER_CONTROLLERS } from '../http/controllers';
import { ConnectionDrain } from '../http/ConnectionDrain';
import { createHttpApp, createHttpServer, jsonBody } from '../http/createHttpApp';
import { homeRedirect } from '../http/homeRedirect';
import { rootMetadataRouter } from '../http/rootMetadataRouter';
import type { DiscoveryDocument } from '../http/controllers/WellKnownController';

import { LOGIN_ROUTE, loginObservers } from '../http/loginRoute';
import { httpRequestMetrics, prometheusRouter, type AuthServiceMetrics } from '../http/metrics';
import type { Registry } from '../http/promClientCore';
import { standardEndpoint, standardEndpointsRouter } from '../http/standardErrors';
import { beginDrain, livenessStateHealth, Readiness, readinessStateHealth } from '../http/Readiness';
import { staticFiles } from '../http/staticFiles';
import { vendorScripts } from '../http/vendorScripts';
import type { Authorize } from '../../application/oauth/Authorize';
import type { DecideDeviceRequest } from '../../application/device/DecideDeviceRequest';
import type { DeviceSignIn } from '../../application/device/DeviceSignIn';
import type { FindDeviceRequest } from '../../application/device/FindDeviceRequest';
import type { UsePushedRequest } from '../../application/oauth/authorization/UsePushedRequest';
import type { CheckAuthorizationRequest } from '../../application/oauth/authorization/CheckAuthorizationRequest';
import { publicClientCors, publicDocumentCors } from '../http/authorize/publicClientCors';
import type { EndSession } from '../../application/oauth/EndSession';
import type { DeliverBackchannelLogouts } from '../../application/logout/DeliverBackchannelLogouts';
import { lazyRouter } from '../http/lazyRouter';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { ClientRegistry } from '../../domain/ports/ClientRegistry';
import type { PurgeAuditEvents } from '../../application/audit/PurgeAuditEvents';
import { runWithAuditContext } from '../../infrastructure/audit/auditContextStore';
import { QueuedAuditTrail } from '../../infrastructure/audit/QueuedAuditTrail';
import { auditRequestContext } from '../http/auditRequestContext';
import { TYPES } from './types';
import { wireAuthServer, type WireOptions } from './wireAuthServer';
import { issuerMismatchWarning } from './issuerMismatchWarning';
import { adminApiRouter } from './adminApi';
import { ADMIN_API_PATH } from '../http/admin/adminApiPath';
import { passkeyIssuerWarning } from './passkeyIssuerWarning';
import { passkeySignInOffer } from './passkeySignInOffer';
import type { SecretGenerator } from '../../domain/ports/SecretGenerator';
import type { StartPasskeySignIn } from '../../application/passkeys/StartPasskeySignIn';
import type { AccountUseCases } from '../http/account/accountRouter';


/** The document of the routes this instance serves (the admin API's only while it is on); its modules load on its first request. */
function servedOpenApi(config: Readonly<AuthServerConfig>, version: string, adminApi: boolean): object {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { authOpenApi } = require('../http/openapi/authOpenApi') as typeof import('../http/openapi/authOpenApi');
  const { AUTH_ROUTES } = require('../http/openapi/authRoutes') as typeof import('../http/openapi/authRoutes');
  const { ADMIN_ROUTES } = require('../http/openapi/adminRoutes') as typeof import('../http/openapi/adminRoutes');
  /* eslint-enable @typescript-eslint/no-require-imports */
  return authOpenApi({ contextPath: config.contextPath, version, routes: adminApi ? AUTH_ROUTES : AUTH_ROUTES.filter((route) => !ADMIN_ROUTES.includes(route)) });
}

/** The authorization endpoint's module, required when a browser first asks for it. */
function authorizePages(): typeof import('../http/authorize/authorizeRouter') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('../http/authorize/authorizeRouter') as typeof import('../http/authorize/authorizeRouter');
}

/** How often each instance looks for due back-channel logout deliveries. */
const BACKCHANNEL_POLL_MS = 1000;
/** How often each instance purges the audit events past AUTH_EVENT_RETENTION_DAYS (any instance's purge serves all). */
const AUDIT_PURGE_MS = 3_600_000;

export interface AuthServer {
  readonly app: Application;
  /** Created, not listening: supertest can use it as is, `listen` starts it. */
  readonly server: Server;
  readonly container: Container;
  readonly config: Readonly<AuthServerConfig>;
  /** The service's logger (the container's). */
  readonly logger: Logger;
  listen(port?: number): Promise<AddressInfo>;
  /** Readiness DOWN, AUTH_SHUTDOWN_GRACE_MS of answering as usual, then a pause in new connections; `close()` follows. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export type BuildOptions = WireOptions;

/**
 * The auth service's composition root: the wired container (wireAuthServer),
 * then start-up: database and migrations, issuer, signing keys, HTTP app. The
 * same function serves `npm start` and the tests.
 */
export async function buildAuthServer(config: Readonly<AuthServerConfig>, options: BuildOptions = {}): Promise<AuthServer> {
  return startAuthServer(wireAuthServer(config, options), config);
}

/** Opens the store and makes the app of a wired container; `listen` starts serving. */
export async function startAuthServer(container: Container, config: Readonly<AuthServerConfig>): Promise<AuthServer> {
  const ring = container.get<KeyRing>(TYPES.KeyRing);
  // A user-store module (AUTH_USER_STORE=module:…) is loaded first: one that does not load stops the start-up, naming it.
  const authenticator = container.get<UserAuthenticator>(TYPES.UserAuthenticator);
  if (authenticator instanceof ModuleUserAuthenticator) await authenticator.ready();
  const clock = container.get<Clock>(TYPES.Clock);
  const metricsRegistry = container.get<Registry>(TYPES.MetricsRegistry);
  const metrics = container.get<AuthServiceMetrics>(TYPES.AuthServiceMetrics);
  const revocations = container.get<CachedRevocationView>(TYPES.RevocationView);
  const logger = container.get<Logger>(TYPES.Logger);
  // Made before the database opens: on a new SQLite file it starts generating the first key meanwhile.
  container.get<KeyPairGenerator>(TYPES.KeyPairGenerator);
  const dataSource = container.get<DataSource>(TYPES.DataSource);
  await openDatabase(dataSource, {
    connectSeconds: config.databaseConnectSeconds,
    onRetry: (error, attempt, delayMs) =>
      logger.warn({ attempt, retryInMs: delayMs, error: error instanceof Error ? error.message : String(error) }, 'database not ready; retrying'),
  });
  const settled = await container.get<EnsureIssuer>(TYPES.EnsureIssuer).execute({ issuer: config.issuer, explicit: config.issuerExplicit });
  const issuer = settled.issuer;
  logger.info({ issuer, configured: config.issuerExplicit }, 'issuer ready');
  if (settled.unlike !== null) logger.warn({ issuer, thisInstance: settled.unlike }, issuerMismatchWarning(issuer, settled.unlike));
  const passkeyWarning = passkeyIssuerWarning(issuer);
  if (passkeyWarning !== null) logger.warn({ issuer }, passkeyWarning);
  for (const warning of transportWarnings({ issuer, production: config.production, trustProxy: config.trustProxy })) logger.warn(...warning);
  // The sign-in form's CSRF key: the shared store's, so any instance accepts any instance's form.
  const formKey = await container.get<EnsureSignInFormKey>(TYPES.EnsureSignInFormKey).execute();
  // DPoP nonces are HMACs under the same shared key (their own purpose inside), so every instance accepts every other's.
  container.get<HmacDpopNonces>(TYPES.DpopNonces).useKey(formKey);
  const key = await container.get<EnsureSigningKeys>(TYPES.EnsureSigningKeys).execute({ method: config.signMethod, alg: config.signAlg });
  logger.info({ method: key.method, alg: key.alg, kid: key.kid, generated: key.generated }, 'signing key ready');
  const keySync = container.get<SyncSigningKeys>(TYPES.SyncSigningKeys);
  await keySync.execute();
  await revocations.refresh();
  // The caches of clients, users and second factors answer from memory once the store's change feed is live.
  const storeChanges = container.get<StoreChangeFeed>(TYPES.StoreChangeFeed);
  await storeChanges.start();
  // Asked once now, so the registry has a last-known answer to fall back on should the store go away later.
  await container.get<ClientRegistry>(TYPES.ClientRegistry).isEmpty();
  const stubLogin = container.get<UserAuthenticator>(TYPES.UserAuthenticator) instanceof StubUserAuthenticator;
  if (stubLogin) {
    logger.warn('the stub login is active: ANY username and password log in as "admin"; for production set AUTH_USER_STORE=database and add users with npm run users');
  }
  if (config.weakClientIds.length > 0) {
    logger.warn({ clients: config.weakClientIds }, 'weak client secrets in AUTH_CLIENTS: guessable online, refused under NODE_ENV=production');
  }
  logger.info(
    { userStore: config.userStore, loginMaxAttempts: config.loginMaxAttempts, loginWindowSeconds: config.loginWindowSeconds, loginRoute: LOGIN_ROUTE },
    'login ready',
  );

  const root = projectRoot();
  const version = packageVersion(root);
  const admin = adminApiRouter(container, config);
  const readiness = new Readiness();
  const connections = new ConnectionDrain(config.shutdownIdleCloseMs);
  const tokenCors = publicClientCors(container.get<OAuthClientStore>(TYPES.OAuthClientStore));
  const loginHandlers = loginObservers({
    observers: [metrics.loginOutcomes],
    onIgnoredForwardedFor: () =>
      logger.warn('a login came with X-Forwarded-For that AUTH_TRUST_PROXY does not trust; behind a load balancer, set AUTH_TRUST_PROXY or all clients share one login limit'),
  });
  const app = createHttpApp(container, {
    contextPath: config.contextPath,
    controllers: AUTH_SERVER_CONTROLLERS,
    trustProxy: config.trustProxy,
    observers: [httpRequestMetrics(metricsRegistry), auditRequestContext(runWithAuditContext, `/${config.contextPath}${LOGIN_ROUTE}`, `/${config.contextPath}/actuator`)],
    // The token, introspection and login endpoints, ahead of the pages' middleware and the other routers.
    hotRoutes: {
      '/oauth/token': [tokenCors, ...standardEndpoint('token')],
      '/oauth/introspect': standardEndpoint('introspection'),
      [LOGIN_ROUTE]: [jsonBody(), ...loginHandlers],
    },
    publicRouters: {
      '/static': staticFiles(join(root, 'static')),
      '/static/vendor': vendorScripts(root),
      '/assets': staticFiles(join(root, 'assets')),
      '/actuator': actuatorRouter({
        alsoExposed: ['prometheus'],
        indicators: [
          databaseHealth(container.get<KeyStore>(TYPES.KeyStore), dataSource.options.type),
          signingKeyHealth(ring),
        ],
        groups: {
          liveness: [livenessStateHealth()],
          readiness: [readinessStateHealth(readiness), revocationViewHealth(revocations, config.revocationMaxStaleSeconds, () => clock.now())],
        },
        info: () => ({ name: config.contextPath, version, signMethod: config.signMethod, alg: config.signAlg }),
      }),
      '/actuator/prometheus': prometheusRouter(metricsRegistry),
      // The document's modules (its schemas come from class-validator decorators) load on its first request.
      '/v3/api-docs': apiDocsRouter(() => servedOpenApi(config, version, admin !== null)),
      '/swagger-ui': swaggerUiRouter('../v3/api-docs'),
      // Every answer of the client services' key and revocation routes, refusals included, is no-store.
      '/client': clientRoutesNoStore(),
      // The authorization code flow's browser endpoints: server-rendered form, redirects, their own form parsing.
      // The browser endpoints (pages, templates, forms) load on their first request: a health check does not need them.
      '/oauth/authorize': lazyRouter(() =>
        authorizePages().authorizeRouter(container.get<Authorize>(TYPES.Authorize), container.get<CheckAuthorizationRequest>(TYPES.CheckAuthorizationRequest), container.get<UsePushedRequest>(TYPES.UsePushedRequest), {
          contextPath: config.contextPath,
          issuer: () => container.get<ServiceIssuer>(TYPES.ServiceIssuer).value,
          sessionSeconds: config.signInSessionSeconds,
          formKey,
          passkeyOptions: (interactionId, userId) => container.get<StartPasskeySignIn>(TYPES.StartPasskeySignIn).execute({ interactionId, userId }),
          passkeySignIn: () =>
            passkeySignInOffer(container.get<ServiceIssuer>(TYPES.ServiceIssuer).value, container.get<SecretGenerator>(TYPES.SecretGenerator), container.get<StartPasskeySignIn>(TYPES.StartPasskeySignIn)),
        }),
      ),
      // The signed-in user's own page: factors, passkeys, sessions, apps, password (its module loads on its first request).
      '/account': lazyRouter(() =>
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        (require('../http/account/accountRouter') as typeof import('../http/account/accountRouter')).accountRouter(container.get<AccountUseCases>(TYPES.AccountUseCases), {
          contextPath: config.contextPath,
          issuer: () => container.get<ServiceIssuer>(TYPES.ServiceIssuer).value,
          formKey,
        }),
      ),
      '/oauth/signout': lazyRouter(() =>
        authorizePages().signOutRouter(container.get<EndSession>(TYPES.EndSession), {
          contextPath: config.contextPath,
          issuer: () => container.get<ServiceIssuer>(TYPES.ServiceIssuer).value,
        }),
      ),
      // RFC 8628 §3.3: the device flow's page, under the sign-in session cookie's path; `/device` (the verification_uri) leads there.
      '/oauth/device': lazyRouter(() =>
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        (require('../http/device/deviceRouter') as typeof import('../http/device/deviceRouter')).deviceRouter(
          {
            find: container.get<FindDeviceRequest>(TYPES.FindDeviceRequest),
            signIn: container.get<DeviceSignIn>(TYPES.DeviceSignIn),
            decide: container.get<DecideDeviceRequest>(TYPES.DecideDeviceRequest),
          },
          { contextPath: config.contextPath, issuer: () => container.get<ServiceIssuer>(TYPES.ServiceIssuer).value, sessionSeconds: config.signInSessionSeconds, formKey },
        ),
      ),
      '/device': lazyRouter(() =>
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        (require('../http/device/deviceRouter') as typeof import('../http/device/deviceRouter')).deviceShortcutRouter(config.contextPath),
      ),
      // OpenID Connect RP-Initiated Logout (end_session_endpoint): pages, redirects, its own form parsing.
      '/oauth/logout': lazyRouter(() =>
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        (require('../http/logout/logoutRouter') as typeof import('../http/logout/logoutRouter')).logoutRouter(container.get<EndSession>(TYPES.EndSession), {
          contextPath: config.contextPath,
          issuer: () => container.get<ServiceIssuer>(TYPES.ServiceIssuer).value,
          formKey,
        }),
      ),
      // Browser apps (public clients) call these from their own origin; anyone may read the public documents.
      '/oauth/token': tokenCors,
      '/oauth/revoke': publicClientCors(container.get<OAuthClientStore>(TYPES.OAuthClientStore)),
      '/oauth/par': publicClientCors(container.get<OAuthClientStore>(TYPES.OAuthClientStore)),
      '/oauth/device_authorization': publicClientCors(container.get<OAuthClientStore>(TYPES.OAuthClientStore)),
      '/oauth/userinfo': publicClientCors(container.get<OAuthClientStore>(TYPES.OAuthClientStore), ['GET', 'POST']),
      '/.well-known': publicDocumentCors(),
      // The admin API: its own bearer check, body parsing and RFC 9457 problems (absent under AUTH_ADMIN_API=off).
      ...(admin === null ? {} : { [ADMIN_API_PATH]: admin }),
      // Before body parsing: the standard OAuth endpoints' form body and RFC error answers.
      '/oauth': standardEndpointsRouter(),
      // Last: `/auth` and `/auth/` go to the sign-in page; every other path falls through.
      '': homeRedirect('static/index.html'),
    },
    rootRouters: [rootMetadataRouter(config.contextPath, () => container.get<DiscoveryDocument>(TYPES.DiscoveryDocument))],
  });
  const server = createHttpServer(app);
  connections.attach(server);
  let syncTimer: NodeJS.Timeout | undefined;
  let revocationTimer: NodeJS.Timeout | undefined;
  let logoutTimer: NodeJS.Timeout | undefined;
  let purgeTimer: NodeJS.Timeout | undefined;
  const purgeEvents = () => {
    container
      .get<PurgeAuditEvents>(TYPES.PurgeAuditEvents)
      .execute()
      .then(({ purged, before }) => {
        if (purged > 0) logger.info({ purged, before }, 'audit events past their retention purged');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'audit event purge failed; trying again at the next'));
  };
  const backchannelLogouts = container.get<DeliverBackchannelLogouts>(TYPES.DeliverBackchannelLogouts);
  let round: Promise<void> | null = null;
  const deliverLogouts = () => {
    // One round at a time per instance: a slow client's timeout does not stack rounds up.
    round ??= backchannelLogouts
      .execute()
      .catch((error: unknown) => logger.warn({ err: error }, 'back-channel logout round failed; retrying at the next'))
      .finally(() => {
        round = null;
      });
  };

  const syncRevocations = () => {
    revocations.refresh().catch((error: unknown) => logger.warn({ err: error }, 'revocation sync failed; keeping the revocations in memory'));
  };
  const syncKeys = () => {
    // A failed sync (database away) keeps serving the keys already in memory.
    keySync.execute().catch((error: unknown) => logger.warn({ err: error }, 'signing key sync failed; keeping the keys in memory'));
  };

  return {
    app,
    server,
    container,
    config,
    logger,
    listen: (port = config.port) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, config.host, () => {
          syncTimer ??= setInterval(syncKeys, config.keySyncSeconds * 1000).unref();
          revocationTimer ??= setInterval(syncRevocations, config.revocationSyncSeconds * 1000).unref();
          logoutTimer ??= setInterval(deliverLogouts, BACKCHANNEL_POLL_MS).unref();
          if (purgeTimer === undefined) {
            purgeTimer = setInterval(purgeEvents, AUDIT_PURGE_MS).unref();
            purgeEvents();
          }
          resolve(server.address() as AddressInfo);
        });
      }),
    drain: async () => {
      await beginDrain(readiness, config.shutdownGraceMs);
      await connections.leave();
    },
    close: async () => {
      clearInterval(syncTimer);
      clearInterval(revocationTimer);
      clearInterval(logoutTimer);
      clearInterval(purgeTimer);
      // Stops taking connections now (serveUntilSignalled logs "shutting down" right after this call returns).
      const closing = connections.close();
      await round;
      await closing;
      // The requests have ended: what they recorded is written before the store closes.
      await container.get(QueuedAuditTrail).close();
      await container.get<AttemptCounterStore>(TYPES.AttemptCounterStore).close();
      await storeChanges.close();
      if (dataSource.isInitialized) await dataSource.destroy();
    },
  };
}
