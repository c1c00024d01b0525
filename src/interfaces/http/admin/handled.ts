import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** An async route whose rejection reaches the admin router's problem writer (Express 4 does not await handlers). */
export function handled(route: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    route(req, res).catch(next);
  };
}

/** A path parameter as sent (Express has decoded it). */
export function param(req: Request, name: string): string {
  return String(req.params[name]);
}
