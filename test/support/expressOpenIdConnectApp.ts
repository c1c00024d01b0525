import { randomBytes } from 'node:crypto';
import express from 'express';
import { auth, type ConfigParams } from 'express-openid-connect';
import type { OAuthClient } from '../../src/domain/model/OAuthClient';
import { startApp, type ListeningProvider, type RunningApp } from './openIdProviderForBrowsers';

/**
 * A server-side web app of Auth0's express-openid-connect, registered at the listening service as the
 * confidential first-party client `webapp`: `routes` adds the app's own routes, `options` its settings beyond
 * the common ones, `registration` the client's (given the app's origin) beyond its id, kind, secret and `/callback`. The middleware is
 * built once the app listens (its origin is its base URL).
 */
export async function startExpressOpenIdConnectApp(
  provider: ListeningProvider,
  routes: (web: express.Express) => void,
  options: Partial<ConfigParams>,
  registration: (origin: string) => Partial<OAuthClient>,
): Promise<RunningApp> {
  const secret = randomBytes(32).toString('base64url');
  const web = express();
  let oidc: express.RequestHandler = (_req, _res, next) => next(new Error('not configured yet'));
  web.use((req, res, next) => oidc(req, res, next));
  routes(web);
  const app = await startApp(web);
  oidc = auth({
    issuerBaseURL: provider.issuer,
    baseURL: app.origin,
    clientID: 'webapp',
    clientSecret: secret,
    secret: randomBytes(32).toString('base64url'),
    authRequired: false,
    enableTelemetry: false,
    ...options,
  });
  await provider.register({ id: 'webapp', kind: 'confidential', redirectUris: [`${app.origin}/callback`], firstParty: true, ...registration(app.origin) }, secret);
  return app;
}
