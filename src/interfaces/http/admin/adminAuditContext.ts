import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AuditContext } from '../../../domain/model/AuditEvent';
import type { RunWithAuditContext } from '../auditRequestContext';
import { adminCaller, type AdminCaller } from './adminAccess';

/** Who acted and from where: `admin:<client_id>`, the caller's address (as AUTH_TRUST_PROXY resolves it), the request's id. */
export function adminAuditContextOf(req: Pick<Request, 'ip'>, caller: AdminCaller): AuditContext {
  const requestId = (req as { id?: unknown }).id;
  return { actor: `admin:${caller.clientId}`, address: req.ip ?? null, requestId: typeof requestId === 'string' ? requestId : null };
}

/**
 * The rest of the request (the route and its use case) inside the caller's audit context, so the events
 * the use cases record name the admin client as the actor.
 */
export function adminAuditContext(run: RunWithAuditContext): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    run(adminAuditContextOf(req, adminCaller(res)), next);
  };
}
