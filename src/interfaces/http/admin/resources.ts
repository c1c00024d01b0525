import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { ProblemError } from './problem';

/** The JSON of a resource as answered: plain JSON.stringify, so dates are ISO 8601 as `users list --json` prints them. */
export function resourceJson(resource: unknown): string {
  return JSON.stringify(resource);
}

/** A strong validator of the resource's JSON (RFC 9110 §8.8.3): the same bytes on every instance give the same tag. */
export function strongEtag(resource: unknown): string {
  return `"${createHash('sha256').update(resourceJson(resource)).digest('base64url')}"`;
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
