import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditContext } from '../../domain/model/AuditEvent';

const NO_CONTEXT: AuditContext = Object.freeze({ actor: null, address: null, requestId: null });

// One store per process: the context follows the async work of one request or command.
const storage = new AsyncLocalStorage<AuditContext>();

/**
 * Runs `fn` with `context` as who acts and from where. A context naming all
 * three fields is kept as given (its fields may be getters, read only when an
 * event is recorded: an HTTP request's address); fields left out are taken
 * from the context already in force, so an admin call keeps the request's
 * address and id.
 */
export function runWithAuditContext<T>(context: Partial<AuditContext>, fn: () => T): T {
  if ('actor' in context && 'address' in context && 'requestId' in context) return storage.run(context as AuditContext, fn);
  const outer = currentAuditContext();
  return storage.run(
    {
      actor: context.actor !== undefined ? context.actor : outer.actor,
      address: context.address !== undefined ? context.address : outer.address,
      requestId: context.requestId !== undefined ? context.requestId : outer.requestId,
    },
    fn,
  );
}

/** The context of the work in progress; all null outside any. */
export function currentAuditContext(): AuditContext {
  return storage.getStore() ?? NO_CONTEXT;
}
