import { ContainerModule } from 'inversify';
import type { DataSource } from 'typeorm';
import type { Clock, Logger } from '@auth-service/client';
import { ListAuditEvents } from '../../../application/audit/ListAuditEvents';
import { PurgeAuditEvents } from '../../../application/audit/PurgeAuditEvents';
import type { AuditEventStore } from '../../../domain/ports/AuditEventStore';
import type { IdGenerator } from '../../../domain/ports/IdGenerator';
import type { AuditDropReason } from '../../../infrastructure/audit/DropReport';
import { QueuedAuditTrail } from '../../../infrastructure/audit/QueuedAuditTrail';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import { translatingStoreErrors } from '../../../infrastructure/persistence/storeErrors';
import { TypeOrmAuditEventStore } from '../../../infrastructure/persistence/TypeOrmAuditEventStore';
import { TYPES } from '../types';

/**
 * How the trail queues: ten thousand events waiting at most (a burst of failed logins fits; a store
 * away for minutes does not); once a second, what waited is written in INSERTs of up to 1,000 rows, so
 * a busy instance adds a few store commits a second, not one per login;
 * a failed batch tried five times two seconds apart before it is dropped; on stop, the last writes get three seconds.
 */
const TRAIL = { capacity: 10_000, batchSize: 1_000, flushDelayMs: 1_000, retryDelayMs: 2_000, attempts: 5, closeTimeoutMs: 3_000 } as const;

/**
 * The audit trail: events recorded by the use cases, queued and written in batches to the shared
 * store (QueuedAuditTrail, closed on the server's and the CLIs' stop path), read and purged there.
 * `onDropped` counts the events the queue could not keep (the server's metric).
 */
export function auditModule(config: Readonly<AuthServerConfig>, onDropped: (reason: AuditDropReason, count: number) => void): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.AuditEventStore)
      .toDynamicValue(({ container }) => translatingStoreErrors(new TypeOrmAuditEventStore(container.get<DataSource>(TYPES.DataSource))))
      .inSingletonScope();
    bind(QueuedAuditTrail)
      .toDynamicValue(
        ({ container }) =>
          new QueuedAuditTrail(container.get<AuditEventStore>(TYPES.AuditEventStore), container.get<Clock>(TYPES.Clock), container.get<IdGenerator>(TYPES.IdGenerator), {
            ...TRAIL,
            onDropped,
            log: container.get<Logger>(TYPES.Logger),
          }),
      )
      .inSingletonScope();
    bind(TYPES.AuditTrail).toDynamicValue(({ container }) => container.get(QueuedAuditTrail));
    bind(TYPES.ListAuditEvents).toDynamicValue(({ container }) => new ListAuditEvents(container.get<AuditEventStore>(TYPES.AuditEventStore)));
    bind(TYPES.PurgeAuditEvents).toDynamicValue(
      ({ container }) => new PurgeAuditEvents(container.get<AuditEventStore>(TYPES.AuditEventStore), container.get<Clock>(TYPES.Clock), config.eventRetentionDays),
    );
  });
}
