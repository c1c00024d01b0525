import type { ContainerModule } from 'inversify';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import { adminModule } from './adminModule';
import { applicationModule } from './applicationModule';
import { codeFlowModule } from './codeFlowModule';
import { infrastructureModule } from './infrastructureModule';
import { logoutModule } from './logoutModule';
import { refreshTokenModule } from './refreshTokenModule';
import { revocationModule } from './revocationModule';

/**
 * The modules of the shared store and the use cases on it, the administrative ones included: what the
 * `users|clients|keys` commands load, and what the service loads before its HTTP, limits and
 * verification modules. One list, so a command and the admin API run the very same use cases.
 */
export function storeModules(config: Readonly<AuthServerConfig>, onRevoked?: (kind: 'subject' | 'token') => void): ContainerModule[] {
  return [
    infrastructureModule(config),
    applicationModule(config),
    revocationModule(config, onRevoked),
    refreshTokenModule(config),
    codeFlowModule(config),
    logoutModule(),
    adminModule(config),
  ];
}
