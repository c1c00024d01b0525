import type { ContainerModule } from 'inversify';
import type { AuditDropReason } from '../../../infrastructure/audit/DropReport';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import { adminModule } from './adminModule';
import { applicationModule } from './applicationModule';
import { auditModule } from './auditModule';
import { codeFlowModule } from './codeFlowModule';
import { infrastructureModule } from './infrastructureModule';
import { logoutModule } from './logoutModule';
import { refreshTokenModule } from './refreshTokenModule';
import { revocationModule } from './revocationModule';
import { passkeyModule } from './passkeyModule';
import { accountModule } from './accountModule';
import { secondFactorModule } from './secondFactorModule';
import { storeCacheModule } from './storeCacheModule';

/**
 * The modules of the shared store and the use cases on it, the administrative ones and the audit
 * trail included: what the `users|clients|keys|events` commands load, and what the service loads
 * before its HTTP, limits and verification modules. One list, so a command and the admin API run the
 * very same use cases and record the same events. A command has no metrics: its dropped events are only logged.
 */
export function storeModules(
  config: Readonly<AuthServerConfig>,
  onRevoked?: (kind: 'subject' | 'token') => void,
  onAuditDropped: (reason: AuditDropReason, count: number) => void = () => undefined,
): ContainerModule[] {
  return [
    infrastructureModule(config),
    applicationModule(config),
    revocationModule(config, onRevoked),
    refreshTokenModule(config),
    codeFlowModule(config),
    logoutModule(),
    adminModule(config),
    auditModule(config, onAuditDropped),
    secondFactorModule(config),
    passkeyModule(),
    storeCacheModule(config),
    accountModule(),
  ];
}
