/**
 * Stands in for the demo client service until it is merged: an app built by the
 * same createHttpApp as both services, verifying tokens with our TokenInterceptor,
 * the library's buildTokenVerifier (verified-token cache included) against the public key fetched from
 * the auth service's key endpoint (AUTH_KEY_URL). It serves the protected
 * current/user/details and an unprotected route answering a user of the same
 * shape, so their ratio is the cost of verification on a client service.
 */
import 'reflect-metadata';
import { Container } from 'inversify';
import { controller, httpGet } from 'inversify-express-utils';
import { buildTokenVerifier, type CurrentUserDetails, type VerificationKey, type VerificationKeySource } from '@auth-service/client';
import { GetCurrentUser } from '@auth-service/client/inversify';
import { createLogger } from '../../src/infrastructure/logging/createLogger';
import { SystemClock } from '../../src/infrastructure/system/SystemClock';
import { httpModule } from '../../src/interfaces/composition/modules/httpModule';
import { TYPES } from '../../src/interfaces/composition/types';
import { CurrentUserController } from '../../src/interfaces/http/controllers/CurrentUserController';
import { createHttpApp, createHttpServer } from '../../src/interfaces/http/createHttpApp';
import { ok, type ServerResponse } from '../../src/interfaces/http/envelope';
import { MESSAGES } from '../../src/interfaces/http/messages';
import { skipToken } from '@auth-service/client/inversify';
import { userOfClaims } from './userOfClaims';
import { announce, requestedPort } from '../lib/announce';
import { get } from '../lib/processes';

/** A fixed user of the same shape, so both routes send the same amount of JSON and differ only by the token check. */
const ANONYMOUS = userOfClaims({ account: 'anonymous', nickName: 'anonymous', userId: '0', userType: '4', sub: '0', iss: '', iat: 0, exp: 0, jti: '' });

@skipToken()
@controller('/bench')
class UnprotectedController {
  @httpGet('/details')
  details(): ServerResponse<CurrentUserDetails> {
    return ok(ANONYMOUS, MESSAGES.succeeded);
  }
}

/** The one key fetched at startup; a real client refreshes it on a schedule. */
class FetchedKeySource implements VerificationKeySource {
  constructor(private readonly key: VerificationKey) {}
  keyFor(kid: string | undefined): VerificationKey | undefined {
    return kid === undefined || kid === this.key.kid ? this.key : undefined;
  }
  hasAnyKey(): boolean {
    return true;
  }
}

async function main(): Promise<void> {
  const answer = await get(process.env.AUTH_KEY_URL!);
  const envelope = JSON.parse(answer.body) as { data: string };
  const key: VerificationKey = Object.freeze({
    kid: process.env.AUTH_KID!,
    method: 'rsa' as const,
    algorithms: ['RS256'],
    material: envelope.data,
  });
  const keys = new FetchedKeySource(key);
  const clock = new SystemClock();
  const verifier = buildTokenVerifier(keys, clock, { clockToleranceSeconds: 0, maxTokenLifetimeSeconds: 18000, verifiedTokenCacheSize: 10_000 });

  const container = new Container({ defaultScope: 'Singleton' });
  container.load(httpModule(['/oauth/jwt/**']));
  container.bind(TYPES.Logger).toConstantValue(createLogger({ name: 'auth-client-demo', level: 'warn' }));
  container.bind(TYPES.GetCurrentUser).toConstantValue(new GetCurrentUser(verifier));
  const app = createHttpApp(container, {
    contextPath: 'auth-client-demo',
    controllers: [CurrentUserController, UnprotectedController],
    publicRouters: {},
  });
  const server = createHttpServer(app);
  server.listen(requestedPort(), '127.0.0.1', () => {
    const address = server.address();
    announce(typeof address === 'object' && address ? address.port : 0);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
