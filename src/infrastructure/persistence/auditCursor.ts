import { InvalidAuditCursorError } from '../../domain/auditErrors';

/** Where a page of the trail (newest first) ended: the last event's time and id. */
export interface AuditCursorPosition {
  readonly time: number;
  readonly id: string;
}

/** Opaque to readers: base64url of the position's JSON. */
export function encodeAuditCursor(position: AuditCursorPosition): string {
  return Buffer.from(JSON.stringify([position.time, position.id]), 'utf8').toString('base64url');
}

/** The position a cursor names; InvalidAuditCursorError for anything else. */
export function decodeAuditCursor(cursor: string): AuditCursorPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidAuditCursorError();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw new InvalidAuditCursorError();
  const [time, id] = parsed as unknown[];
  if (typeof time !== 'number' || !Number.isSafeInteger(time) || time < 0 || typeof id !== 'string' || id === '' || id.length > 64) {
    throw new InvalidAuditCursorError();
  }
  return { time, id };
}
