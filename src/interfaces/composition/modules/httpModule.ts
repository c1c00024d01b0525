import { ContainerModule } from 'inversify';
import { TokenInterceptor } from '@auth-service/client/inversify';
import { TYPES } from '../types';

/** HTTP-side bindings shared by both services: the interceptor and its pass list. */
export function httpModule(passList: readonly string[]): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.PassList).toConstantValue(passList);
    bind(TYPES.TokenInterceptor).to(TokenInterceptor).inSingletonScope();
  });
}
