import type { Request, Response } from 'express';
import { METADATA_KEY, type Container, type interfaces as inversifyInterfaces } from 'inversify';
import { BaseHttpController, TYPE, type interfaces } from 'inversify-express-utils';
import { TokenPrincipal } from '@auth-service/client/inversify';

const HTTP_CONTEXT = Symbol('httpContext');

/**
 * A request's HttpContext (inversify-express-utils' interface), built only as
 * far as it is used: the child container is created on first access, and the
 * principal reads the verified user from the response when asked.
 */
class LazyHttpContext implements interfaces.HttpContext {
  private child: Container | undefined;
  private principal: TokenPrincipal | undefined;

  constructor(
    private readonly root: Container,
    readonly request: Request,
    readonly response: Response,
  ) {}

  get container(): Container {
    if (this.child === undefined) {
      this.child = this.root.createChild();
      this.child.bind(TYPE.HttpContext).toConstantValue(this);
    }
    return this.child;
  }

  get user(): TokenPrincipal {
    this.principal ??= new TokenPrincipal(this.response);
    return this.principal;
  }
}

/**
 * The request's context, one per request, kept in res.locals (a dictionary
 * already: a new property on the request itself reallocated its property
 * store, about 1.3 KB per request). Only request-scoped controllers and
 * BaseMiddleware ask for it.
 */
export function httpContextOf(root: Container, req: Request, res: Response): interfaces.HttpContext {
  const holder = res.locals as Record<symbol, interfaces.HttpContext | undefined>;
  holder[HTTP_CONTEXT] ??= new LazyHttpContext(root, req, res);
  return holder[HTTP_CONTEXT];
}

/** The principal of a request that has no context: the verified user, read from the response. */
export function principalOf(res: Response): TokenPrincipal {
  const context = (res.locals as Record<symbol, interfaces.HttpContext | undefined>)[HTTP_CONTEXT];
  return (context?.user as TokenPrincipal | undefined) ?? new TokenPrincipal(res);
}

type Tagged = Record<string | number, inversifyInterfaces.Metadata[] | undefined> | undefined;

/**
 * True when a controller class reads the request's HttpContext (a
 * BaseHttpController, or HttpContext injected into its constructor or a
 * property): it is then made per request, in the request's child container, as
 * inversify-express-utils makes every controller. Any other is made once.
 */
export function isRequestScoped(controller: NewableFunction): boolean {
  if (controller.prototype instanceof BaseHttpController) return true;
  const tags = [
    Reflect.getMetadata(METADATA_KEY.TAGGED, controller) as Tagged,
    Reflect.getMetadata(METADATA_KEY.TAGGED_PROP, controller) as Tagged,
  ];
  return tags.some((byMember) => Object.values(byMember ?? {}).some((metadata) => (metadata ?? []).some((entry) => entry.value === TYPE.HttpContext)));
}
