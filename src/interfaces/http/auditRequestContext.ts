import type { Request, RequestHandler } from 'express';
import type { AuditContext } from '../../domain/model/AuditEvent';

/** Runs the rest of a request inside an audit context (the composition passes runWithAuditContext). */
export type RunWithAuditContext = <T>(context: AuditContext, fn: () => T) => T;

/**
 * The request as the audit trail sees it: the caller's address as express
 * tells it under AUTH_TRUST_PROXY, and the request log's id. Both are read
 * when an event is recorded, not on every request.
 */
class RequestAuditContext implements AuditContext {
  readonly actor = null;

  constructor(private readonly req: Request) {}

  get address(): string | null {
    return this.req.ip ?? null;
  }

  get requestId(): string | null {
    const id = (this.req as { id?: unknown }).id;
    return typeof id === 'string' ? id : null;
  }
}

/**
 * After request logging (which settles the id): every event a request causes names its address and id.
 * Not on `skipPath` (the login route, the hottest): under Node 20 a context costs every promise of the
 * request an async hook; that route gives the login its address and id itself. Nor under `quietPrefix`
 * (the actuator: health probes and metrics record nothing): once any request enters a context, Node 20
 * hooks every promise of the process, logins included, so a load balancer's probes alone would switch it on.
 */
export function auditRequestContext(run: RunWithAuditContext, skipPath: string, quietPrefix: string): RequestHandler {
  const quiet = `${quietPrefix}/`;
  // baseUrl + path: the full path whether the middleware runs at the root or in a router mounted under the context path.
  return (req, _res, next) => {
    const path = req.baseUrl + req.path;
    return path === skipPath || path.startsWith(quiet) ? next() : run(new RequestAuditContext(req), next);
  };
}
