import { parseArgs } from 'node:util';
import type { ListAuditEvents } from '../../application/audit/ListAuditEvents';
import { DomainError } from '../../domain/errors';
import { AUDIT_EVENT_TYPES, isAuditEventType, type AuditEvent } from '../../domain/model/AuditEvent';
import type { AuditEventQuery } from '../../domain/ports/AuditEventStore';

export interface EventsCommandDeps {
  readonly listAuditEvents: Pick<ListAuditEvents, 'execute'>;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

export const EVENTS_USAGE = `Usage: npm run events -- list [options]

  list                the audit trail, newest first: who did what, to which account or client,
                      from where, and how it went
    --type T          only events of type T (${AUDIT_EVENT_TYPES.join(', ')})
    --account A       only events of account A (as typed at the login, known or not)
    --client C        only events of OAuth client C
    --since ISO       only events at or after this time (ISO 8601, e.g. 2026-12-01T00:00:00Z)
    --until ISO       only events before this time
    --limit N         at most N events (1 to 10000, default 50)
    --cursor C        go on where an earlier listing stopped (it prints the cursor on stderr)
    --json            one JSON object per line instead of the table

The database is AUTH_DATABASE_URL's (default sqlite:data/auth.sqlite); events older than
AUTH_EVENT_RETENTION_DAYS are purged by the service.`;

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 10_000;
/** Events read per page from the store. */
const PAGE = 500;
/** A date and time, as ISO 8601 writes it; Date.parse alone accepts far more. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Exit codes: 0 listed, 1 refused (a bad cursor, the store away), 2 usage error. */
export async function runEventsCommand(argv: readonly string[], deps: EventsCommandDeps): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'list':
        return await list(rest, deps);
      case 'help':
      case '--help':
      case '-h':
        deps.out(EVENTS_USAGE);
        return 0;
      case undefined:
        return usageError(deps, 'a command is needed');
      default:
        return usageError(deps, `unknown command ${JSON.stringify(command)}`);
    }
  } catch (error) {
    if (error instanceof DomainError) {
      deps.err(`events: ${error.message}`);
      return 1;
    }
    if (error instanceof TypeError && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) return usageError(deps, error.message);
    throw error;
  }
}

async function list(args: readonly string[], deps: EventsCommandDeps): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      type: { type: 'string' },
      account: { type: 'string' },
      client: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      limit: { type: 'string' },
      cursor: { type: 'string' },
      json: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) return usageError(deps, `unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values.type !== undefined && !isAuditEventType(values.type)) return usageError(deps, `--type must be one of ${AUDIT_EVENT_TYPES.join(', ')}`);
  const since = values.since === undefined ? undefined : isoTime(values.since);
  const until = values.until === undefined ? undefined : isoTime(values.until);
  if (since === null || until === null) return usageError(deps, '--since and --until take an ISO 8601 time, e.g. 2026-12-01T00:00:00Z');
  const limit = values.limit === undefined ? DEFAULT_LIMIT : Number(values.limit);
  if (!/^\d+$/.test(values.limit ?? '1') || !Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    return usageError(deps, `--limit must be a whole number from 1 to ${MAX_LIMIT}`);
  }
  const filter: Omit<AuditEventQuery, 'limit' | 'cursor'> = {
    ...(values.type === undefined ? {} : { type: values.type }),
    ...(values.account === undefined ? {} : { account: values.account }),
    ...(values.client === undefined ? {} : { client: values.client }),
    ...(since === undefined ? {} : { since }),
    ...(until === undefined ? {} : { until }),
  };
  const events: AuditEvent[] = [];
  let cursor = values.cursor;
  do {
    const page = await deps.listAuditEvents.execute({ ...filter, limit: Math.min(PAGE, limit - events.length), ...(cursor === undefined ? {} : { cursor }) });
    events.push(...page.items);
    cursor = page.next ?? undefined;
  } while (cursor !== undefined && events.length < limit);
  if (values.json) for (const event of events) deps.out(JSON.stringify(event));
  else deps.out(eventTable(events));
  if (cursor !== undefined) deps.err(`more events: add --cursor ${cursor}`);
  return 0;
}

function isoTime(text: string): Date | null {
  const time = Date.parse(text);
  return ISO_TIME.test(text) && !Number.isNaN(time) ? new Date(time) : null;
}

function usageError(deps: EventsCommandDeps, message: string): number {
  deps.err(`events: ${message}`);
  deps.err(EVENTS_USAGE);
  return 2;
}

/** One line per event, columns padded; text as typed by anyone (an account) is shown with control characters escaped. */
export function eventTable(events: readonly AuditEvent[]): string {
  if (events.length === 0) return 'no events';
  const header = ['time', 'type', 'outcome', 'actor', 'account', 'client', 'address', 'request', 'details'];
  const rows = events.map((event) => [
    event.time.toISOString(),
    event.type,
    event.outcome,
    cell(event.actor),
    cell(event.account),
    cell(event.client),
    cell(event.address),
    cell(event.requestId),
    Object.keys(event.details).length === 0 ? '-' : cell(JSON.stringify(event.details)),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  // The details, last, are not padded: one long line does not widen every other.
  const line = (row: readonly string[]) => row.map((text, column) => (column === row.length - 1 ? text : text.padEnd(widths[column]))).join('  ');
  return [header, ...rows].map(line).join('\n');
}

function cell(value: string | null): string {
  if (value === null || value === '') return '-';
  return value.replace(/[\u0000-\u001f\u007f-\u009f]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
