import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { ProblemError } from './problem';

/** The JSON of a resource as answered: plain JSON.stringify, so dates are ISO 8601 as `users list --json` prints them. */
export function resourceJson(resource: unknown): string {
  return JSON.stringify(resource);
}

/**
 * A strong validator of the resource (RFC 9110 §8.8.3), over its JSON with the members in name order: the
 * same resource gives the same tag on every instance, whichever path (a store read, a use case's result) built it.
 */
export function strongEtag(resource: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(resource, membersInNameOrder)).digest('base64url')}"`;
}

function membersInNameOrder(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Answers one resource with its ETag (201 with Location for a create). */
export function sendResource(res: Response, resource: unknown, status = 200, location?: string): void {
  if (location !== undefined) res.location(location);
  res.status(status).set({ ETag: strongEtag(resource), 'Cache-Control': 'no-store' }).type('application/json').send(resourceJson(resource));
}

/** Answers a list page or an action's outcome (no ETag: it is no single resource). */
export function sendJson(res: Response, body: unknown, status = 200): void {
  res.status(status).set('Cache-Control', 'no-store').type('application/json').send(resourceJson(body));
}

/**
 * RFC 9110 §13.1.1 with the strong comparison: nothing to check without If-Match (428 when `required`,
 * as PATCH is), `*` matches any current resource, otherwise one of the listed tags must be the current one: 412.
 */
export function checkIfMatch(req: Request, current: unknown, required: boolean): void {
  const header = req.get('If-Match');
  if (header === undefined) {
    if (required) throw new ProblemError('precondition-required', 'send If-Match with the ETag of the resource as you read it');
    return;
  }
  if (header.trim() === '*') return;
  const tags = header.split(',').map((tag) => tag.trim());
  if (!tags.includes(strongEtag(current))) {
    throw new ProblemError('precondition-failed', 'the resource changed since it was read (If-Match does not match its ETag); read it again');
  }
}
