import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Logger } from '@auth-service/client';
import type { ListAuditEvents } from '../../../application/audit/ListAuditEvents';
import type { ActiveAccessTokens } from '../../../application/oauth/FindActiveToken';
import type { AttemptLimiter } from '../../../domain/ports/AttemptLimiter';
import { BODY_LIMIT } from '../createHttpApp';
import { sendErrorAnswer } from '../errors/ErrorAnswer';
import { adminAuthentication, adminRateLimit } from './adminAccess';
import type { RunWithAuditContext } from '../auditRequestContext';
import { adminAuditContext } from './adminAuditContext';
import { clientsRoutes, type ClientAdministration } from './clientsRoutes';
import { eventsRoutes } from './eventsRoutes';
import { keysRoutes, type KeyAdministration } from './keysRoutes';
import { adminProblemAnswer, ProblemError } from './problem';
import { usersRoutes, type UserAdministration } from './usersRoutes';
import { ADMIN_BODY_TYPES } from './validatedBody';

export interface AdminApi {
  /** The mount point as clients see it (`/auth/admin/v1`): Location headers start with it. */
  readonly basePath: string;
  /** The one verification core: a revoked, expired or foreign token is refused there. */
  readonly tokens: ActiveAccessTokens;
  /** Calls per admin client, on the shared store. */
  readonly limiter: Pick<AttemptLimiter, 'reserve'>;
  readonly users: UserAdministration;
  readonly clients: ClientAdministration;
  readonly keys: KeyAdministration;
  /** Resolved on the first `GET /events`: the trail's store is built only when asked. */
  readonly listEvents: () => Pick<ListAuditEvents, 'execute'>;
  readonly logger: Pick<Logger, 'error'>;
  /** Where the admin client is named as the actor of the events its calls cause. */
  readonly runWithAuditContext: RunWithAuditContext;
}

/**
 * The admin HTTP API (docs/admin-api.md): the bearer check, the per-client limit and the audit context before
 * anything else (an unauthenticated request learns nothing, not even whether its body parses), then its own JSON
 * body parsing (application/json and application/merge-patch+json), the resources, and RFC 9457 problems for
 * every refusal, including unknown routes under it.
 */
export function adminRouter(api: AdminApi): Router {
  const router = express.Router();
  router.use(adminAuthentication(api.tokens), adminRateLimit(api.limiter), adminAuditContext(api.runWithAuditContext));
  router.use(jsonBodyOnly, express.json({ type: ADMIN_BODY_TYPES, limit: BODY_LIMIT, strict: false }));
  usersRoutes(router, api.users, `${api.basePath}/users`);
  clientsRoutes(router, api.clients, `${api.basePath}/clients`);
  keysRoutes(router, api.keys);
  eventsRoutes(router, api.listEvents);
  router.use((_req: Request, _res: Response, next: NextFunction) => next(new ProblemError('not-found', 'no such admin resource or method')));
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const answer = adminProblemAnswer(bodyParserProblem(error) ?? error);
    // No stack, path or value in the answer; the log keeps the error for the operator.
    if (answer.status === 500) api.logger.error({ err: error }, 'admin API request failed');
    sendErrorAnswer(res, answer);
  });
  return router;
}

/** A body of another media type is 415 (not parsed as nothing and then refused field by field). */
function jsonBodyOnly(req: Request, _res: Response, next: NextFunction): void {
  const hasBody = req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';
  if (hasBody && !req.is(ADMIN_BODY_TYPES)) return next(new ProblemError('unsupported-media-type', `send the body as ${ADMIN_BODY_TYPES.join(' or ')}`));
  next();
}

/** body-parser's refusals as problems: malformed JSON 400, too large 413, an unsupported charset or encoding 415. */
function bodyParserProblem(error: unknown): ProblemError | null {
  switch ((error as { type?: unknown } | null)?.type) {
    case 'entity.parse.failed':
      return new ProblemError('invalid-request', 'the body is not well-formed JSON', { invalidParams: [{ name: '(body)', reason: 'not well-formed JSON' }] });
    case 'entity.too.large':
      return new ProblemError('payload-too-large', `the body must be at most ${BODY_LIMIT}`);
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new ProblemError('unsupported-media-type', 'send the body as UTF-8 JSON');
    default:
      return null;
  }
}
