/** Every kind of event the audit trail records, as `GET /auth/admin/v1/events?type=` and `events list --type` name them. */
export const AUDIT_EVENT_TYPES = [
  'login.succeeded',
  'login.failed',
  'second_factor.succeeded',
  'second_factor.failed',
  'token.issued',
  'refresh.reuse_detected',
  'code.replayed',
  'user.locked',
  'user.unlocked',
  'user.created',
  'user.changed',
  'user.removed',
  'consent.granted',
  'device.approved',
  'device.denied',
  'consent.revoked',
  'session.ended',
  'client.created',
  'client.changed',
  'client.removed',
  'client.secret_rotated',
  'key.rotated',
  'key.revoked',
] as const;

export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** Whether what the event records went through (a refused login, a detected replay: `failure`). */
export type AuditOutcome = 'success' | 'failure';

/** What the code that saw the event knows; who and from where come from the context it ran in. */
export interface AuditEventDraft {
  readonly type: AuditEventType;
  readonly outcome: AuditOutcome;
  /** The account as typed (known or not); null when none is involved. */
  readonly account?: string | null;
  /** The OAuth client involved; null when none. */
  readonly client?: string | null;
  /** Facts of this kind of event (a reason, a grant, scopes, before/after); never a secret or a token. */
  readonly details?: Readonly<Record<string, unknown>>;
  /** The caller's address and request id when the code that saw the event was given them; else the context's. */
  readonly address?: string;
  readonly requestId?: string;
}

/** Who acted and from where: the admin client or the CLI, the caller's address, the request's id. */
export interface AuditContext {
  readonly actor: string | null;
  readonly address: string | null;
  readonly requestId: string | null;
}

/** One recorded event, as the trail keeps and answers it. */
export interface AuditEvent extends AuditContext {
  readonly id: string;
  readonly time: Date;
  readonly type: AuditEventType;
  readonly outcome: AuditOutcome;
  readonly account: string | null;
  readonly client: string | null;
  readonly details: Readonly<Record<string, unknown>>;
}

export function isAuditEventType(value: string): value is AuditEventType {
  return (AUDIT_EVENT_TYPES as readonly string[]).includes(value);
}
