import 'reflect-metadata';
import { Container } from 'inversify';
import { controller, httpGet, InversifyExpressServer, type interfaces } from 'inversify-express-utils';
import type { CurrentUserDetails, PublicKeyProvider } from '@auth-service/client';
import { CLIENT_TYPES, clientModule, currentUser, routeAccessRouter, skipToken, TokenInterceptor, TokenPrincipalProvider } from '@auth-service/client/inversify';

@controller('/orders')
class OrdersController {
  @httpGet('/mine') // protected: needs Authorization: Bearer <token>
  mine(@currentUser() user: interfaces.Principal<CurrentUserDetails>) {
    return { owner: user.details.account };
  }

  @skipToken()
  @httpGet('/ping')
  ping() {
    return 'pong';
  }
}

const container = new Container();
container.load(
  clientModule({
    authServerUrl: process.env.AUTH_SERVER_URL ?? 'http://127.0.0.1:8001',
    appId: 'orders-service',
    appSecret: process.env.APP_SECRET ?? 'change-me',
  }),
);
const interceptor = container.get<TokenInterceptor>(CLIENT_TYPES.TokenInterceptor);
const server = new InversifyExpressServer(container, null, { rootPath: '/orders-service' }, null, TokenPrincipalProvider);
server.setConfig((app) => {
  // Labels each request with its route's access (for @skipToken()), then checks the token.
  app.use('/orders-service', routeAccessRouter([OrdersController]), interceptor.handler);
});
server.setErrorConfig((app) => {
  // Token errors carry a stable `code`; answer them in your own format.
  app.use((error: { code?: string; unavailable?: boolean }, _req: unknown, res: import('express').Response, next: (error: unknown) => void) => {
    if (!error.code) return next(error);
    res.status(error.unavailable ? 503 : 401).json({ code: error.code });
  });
});
const app = server.build();
void container
  .get<PublicKeyProvider>(CLIENT_TYPES.PublicKeyProvider)
  .start()
  .then(() => {
    const listening = app.listen(Number(process.env.PORT ?? 8003), () => console.log(`listening on ${(listening.address() as { port: number }).port}`));
  });
