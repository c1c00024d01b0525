/** Field names whose values the trail never keeps: they are shown as REDACTED. */
const SECRET_FIELD = /secret|password|hash|token|private/i;

export const REDACTED = '[redacted]';

/** What an event says changed: each changed field's value before and after. */
export interface AuditChanges {
  readonly before: Readonly<Record<string, unknown>>;
  readonly after: Readonly<Record<string, unknown>>;
}

/**
 * The fields whose values differ between `before` and `after` (a field on
 * one side only counts, as undefined on the other), secrets redacted: the
 * `details` of a `*.changed` event. Values compare by their JSON.
 */
export function auditChanges(before: Readonly<object>, after: Readonly<object>): AuditChanges {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  const old = before as Record<string, unknown>;
  const next = after as Record<string, unknown>;
  for (const field of new Set([...Object.keys(old), ...Object.keys(next)])) {
    if (JSON.stringify(old[field]) === JSON.stringify(next[field])) continue;
    was[field] = shown(field, old[field]);
    now[field] = shown(field, next[field]);
  }
  return { before: was, after: now };
}

/** `fields` as an event may keep them: secrets redacted, undefined ones left out. */
export function auditedFields(fields: Readonly<object>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) kept[field] = shown(field, value);
  return kept;
}

function shown(field: string, value: unknown): unknown {
  if (value === undefined) return null;
  return SECRET_FIELD.test(field) ? REDACTED : value;
}
