import { StoreUnavailableError } from '../../domain/errors';

/** Network errno codes a database driver raises when its server cannot be reached or the connection drops. */
const UNREACHABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether a driver's error says the database could not be reached: the
 * service's DatabaseUnavailableError (the store did not open in time), a
 * network errno, PostgreSQL's connection-exception class 08 or its shutdown
 * codes (57P01-57P03), node-postgres's own connection messages, in an
 * AggregateError or under TypeORM's `driverError`. A constraint violation or a
 * bug is no outage.
 */
export function isDriverUnreachable(error: unknown): boolean {
  const details = error as { code?: unknown; message?: unknown; driverError?: unknown } | null;
  if (details === null || typeof details !== 'object') return false;
  const code = typeof details.code === 'string' ? details.code : '';
  if (code === 'DATABASE_UNAVAILABLE' || UNREACHABLE_ERRNOS.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
  const message = typeof details.message === 'string' ? details.message : '';
  if (/Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/.test(message)) return true;
  if (error instanceof AggregateError) return error.errors.some(isDriverUnreachable);
  return details.driverError !== undefined && details.driverError !== error && isDriverUnreachable(details.driverError);
}

/** The domain's StoreUnavailableError for a driver's "unreachable", with the driver's error as cause; anything else as it was. */
export function translatedStoreError(error: unknown): unknown {
  if (error instanceof StoreUnavailableError || !isDriverUnreachable(error)) return error;
  return new StoreUnavailableError('the shared store is unreachable', { cause: error });
}

/**
 * The adapter itself, with every promise its methods return translated at
 * this edge (translatedStoreError): whoever uses a store adapter sees
 * StoreUnavailableError, never a driver's errno. Applied where the adapter
 * is built (the composition), so each adapter keeps one job.
 */
export function translatingStoreErrors<T extends object>(adapter: T): T {
  // One wrapper per method, made on its first call: the stores sit on per-request paths (login limits, revocations).
  const wrappers = new Map<PropertyKey, (...args: unknown[]) => unknown>();
  return new Proxy(adapter, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      let wrapper = wrappers.get(property);
      if (wrapper === undefined) {
        wrapper = translating(target, value as (...args: unknown[]) => unknown);
        wrappers.set(property, wrapper);
      }
      return wrapper;
    },
  });
}

/** The method called on the adapter itself, its throw and its rejection translated. */
function translating(target: object, method: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
  return (...args: unknown[]) => {
    let result: unknown;
    try {
      result = method.apply(target, args);
    } catch (error) {
      throw translatedStoreError(error);
    }
    return isThenable(result) ? result.then(undefined, (error: unknown) => Promise.reject(translatedStoreError(error))) : result;
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
