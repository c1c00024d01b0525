import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AuditContext } from '../../../domain/model/AuditEvent';
import type { RunWithAuditContext } from '../auditRequestContext';
import { adminCaller } from './adminAccess';

/**
 * The rest of the request (the route and its use case) inside the caller's audit context, so the events
 * the use cases record name the admin client as the actor.
 */
export function adminAuditContext(run: RunWithAuditContext): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = (req as { id?: unknown }).id;
    const context: AuditContext = {
      actor: `admin:${adminCaller(res).clientId}`,
      address: req.ip ?? null,
      requestId: typeof requestId === 'string' ? requestId : null,
    };
    run(context, next);
  };
}
