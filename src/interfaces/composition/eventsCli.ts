import 'reflect-metadata';
import type { ListAuditEvents } from '../../application/audit/ListAuditEvents';
import { runEventsCommand } from '../cli/eventsCommand';
import { runStoreCli } from './runStoreCli';
import { TYPES } from './types';

/**
 * `npm run events -- list …`: reads the audit trail in the service's store
 * (AUTH_DATABASE_URL), every instance's events, with the service's own use case.
 */
if (require.main === module) {
  runStoreCli('events', (container) =>
    runEventsCommand(process.argv.slice(2), {
      listAuditEvents: container.get<ListAuditEvents>(TYPES.ListAuditEvents),
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    }),
  );
}
