/** At most this many resources are read from one request; a client registers a handful. */
const MAX_RESOURCES = 20;
const MAX_RESOURCE_LENGTH = 2048;

/** RFC 6749 §3.3: the scope tokens of a `scope` parameter (separated by spaces); undefined when none is given. */
export function scopeList(scope: string | undefined): string[] | undefined {
  return scope === undefined ? undefined : scope.split(' ').filter((token) => token !== '');
}

/**
 * RFC 8707 §2: `resource` may be given several times (a form or query
 * parser hands a list); the sign-in form sends them as one field,
 * space-separated (a URI holds no space). Undefined when none is given, null
 * when more or longer than any client registers.
 */
export function resourceList(value: unknown): string[] | undefined | null {
  const given = (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string' && item !== '');
  if (given.length === 0) return undefined;
  const resources = given.flatMap((item) => item.split(' ')).filter((item) => item !== '');
  if (resources.length > MAX_RESOURCES || resources.some((item) => item.length > MAX_RESOURCE_LENGTH)) return null;
  return resources;
}
