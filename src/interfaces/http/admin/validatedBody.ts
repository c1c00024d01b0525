import type { Request } from 'express';
import type * as AdminRequests from './adminRequests';
import type { InvalidParam } from './problem';
import { ProblemError } from './problem';

/** A request DTO by name: the classes (and class-validator under their decorators) load on the first admin write, not at start-up. */
export type AdminRequestName = keyof typeof AdminRequests;
type AdminRequest<N extends AdminRequestName> = InstanceType<(typeof AdminRequests)[N]>;

/** The JSON media types the admin API reads (RFC 7396 for PATCH). */
export const ADMIN_BODY_TYPES = ['application/json', 'application/merge-patch+json'];

/**
 * The body as the DTO `name` validates it: a JSON object with only the DTO's fields, each of its type.
 * Otherwise 400 listing every failing field in invalid-params (RFC 9457 §3); no body at all counts as `{}`.
 */
export function validatedBody<N extends AdminRequestName>(req: Request, name: N): AdminRequest<N> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const type = (require('./adminRequests') as typeof AdminRequests)[name] as unknown as new () => AdminRequest<N>;
  if (req.body === undefined) return check(type, {});
  if (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body)) {
    throw new ProblemError('invalid-request', 'the body must be a JSON object', { invalidParams: [{ name: '(body)', reason: 'must be a JSON object' }] });
  }
  return check(type, req.body as Record<string, unknown>);
}

function check<T extends object>(type: new () => T, body: Record<string, unknown>): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { validateSync } = require('class-validator') as typeof import('class-validator');
  const dto = new type();
  // Own properties, even one named __proto__: the whitelist then refuses it like any unknown field.
  for (const [key, value] of Object.entries(body)) Object.defineProperty(dto, key, { value, enumerable: true, writable: true, configurable: true });
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (errors.length === 0) return dto;
  const invalidParams: InvalidParam[] = errors.map((error) => ({
    name: error.property,
    reason: error.constraints?.whitelistValidation ? 'unknown field' : Object.values(error.constraints ?? {}).join('; ') || 'invalid value',
  }));
  throw new ProblemError('invalid-request', `invalid field${invalidParams.length === 1 ? '' : 's'}: ${invalidParams.map((param) => param.name).join(', ')}`, { invalidParams });
}

/** 400 naming the fields sent with another value than the resource's own, when only unchanged values are allowed. */
export function unchangedOrRefused(patch: Record<string, unknown>, current: Record<string, unknown>, readOnly: readonly string[]): void {
  const changed = readOnly.filter((field) => patch[field] !== undefined && JSON.stringify(patch[field]) !== JSON.stringify(current[field]));
  if (changed.length === 0) return;
  const invalidParams = changed.map((name) => ({ name, reason: 'read-only: it cannot be changed here' }));
  throw new ProblemError('invalid-request', `read-only field${changed.length === 1 ? '' : 's'}: ${changed.join(', ')}`, { invalidParams });
}
