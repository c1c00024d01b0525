import type { Request, Router } from 'express';
import type { ListAuditEvents, ListAuditEventsInput } from '../../../application/audit/ListAuditEvents';
import { isAuditEventType } from '../../../domain/model/AuditEvent';
import { requireAdminScope } from './adminAccess';
import { handled } from './handled';
import { pageSize } from './pages';
import { ProblemError, type InvalidParam } from './problem';
import { sendJson } from './resources';

/** `GET /events`: the audit trail, newest first, narrowed by the query; read with admin:read. */
export function eventsRoutes(router: Router, listEvents: () => Pick<ListAuditEvents, 'execute'>): void {
  router.get('/events', requireAdminScope('events', false), handled(async (req, res) => {
    sendJson(res, await listEvents().execute(eventQuery(req)));
  }));
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The filters as the trail's query, every bad one named in invalid-params. */
export function eventQuery(req: Request): ListAuditEventsInput {
  const invalid: InvalidParam[] = [];
  const text = (name: string): string | undefined => {
    const value = req.query[name];
    if (value === undefined) return undefined;
    if (typeof value === 'string' && value.length > 0 && value.length <= 256) return value;
    invalid.push({ name, reason: 'must be given once, 1 to 256 characters' });
    return undefined;
  };
  const time = (name: string): Date | undefined => {
    const value = text(name);
    if (value === undefined) return undefined;
    const date = ISO_TIME.test(value) ? new Date(value) : new Date(NaN);
    if (!Number.isNaN(date.getTime())) return date;
    invalid.push({ name, reason: 'must be an ISO 8601 time, e.g. 2026-04-01T12:00:00Z' });
    return undefined;
  };
  const type = text('type');
  if (type !== undefined && !isAuditEventType(type)) invalid.push({ name: 'type', reason: 'must be one of the event types (docs/admin-api.md)' });
  const query = { account: text('account'), client: text('client'), since: time('since'), until: time('until'), cursor: text('cursor') };
  let limit = 0;
  try {
    limit = pageSize(req);
  } catch (error) {
    invalid.push(...((error as ProblemError).extra.invalidParams ?? []));
  }
  if (invalid.length > 0) {
    throw new ProblemError('invalid-request', `invalid filter${invalid.length === 1 ? '' : 's'}: ${invalid.map((param) => param.name).join(', ')}`, { invalidParams: invalid });
  }
  return {
    ...(type !== undefined && isAuditEventType(type) ? { type } : {}),
    ...Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)),
    limit,
  };
}
