import { Counter, type Registry } from './promClientCore';

/** `auth_audit_events_dropped_total{reason}`: events the trail could not keep. Returns the increment. */
export function auditDropCounter(registry: Registry, reasons: readonly string[]): (reason: string, count: number) => void {
  const counter = new Counter({
    name: 'auth_audit_events_dropped_total',
    help: 'Audit events dropped unwritten, by reason (queue_full: the queue was full; store_failed: the store refused the batch; error; closed)',
    labelNames: ['reason'],
    registers: [registry],
  });
  for (const reason of reasons) counter.inc({ reason }, 0);
  return (reason, count) => counter.inc({ reason }, count);
}
