import 'reflect-metadata';
import { expect } from 'chai';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Container, inject, injectable } from 'inversify';
import {
  BaseHttpController,
  BaseMiddleware,
  controller,
  httpGet,
  httpHead,
  HttpResponseMessage,
  METADATA_KEY,
  principal,
  queryParam,
  requestHeaders,
  requestParam,
  response,
  StringContent,
  TYPE,
  type interfaces,
} from 'inversify-express-utils';
import request from 'supertest';
import { controllerEndpoints, controllerRouter } from '../../../../../src/interfaces/http/routing/controllerRouter';

/** Runs `define` with the controllers it decorates kept out of inversify-express-utils' global registry. */
function defined<T>(define: () => T): T {
  const registered: unknown = Reflect.getMetadata(METADATA_KEY.controller, Reflect);
  try {
    return define();
  } finally {
    Reflect.defineMetadata(METADATA_KEY.controller, registered, Reflect);
  }
}

let made = 0;
let scopedMade = 0;
const TAG = Symbol.for('ProbeTag');

const { Answers, Scoped, Guarded, Tagging } = defined(() => {
  @injectable()
  class Tagging extends BaseMiddleware {
    handler(_req: Request, res: Response, next: NextFunction): void {
      res.setHeader('X-Seen-By', `${this.httpContext.request.path} ${this.httpContext.response === res}`);
      next();
    }
  }

  @controller('/lean')
  class Answers {
    constructor() {
      made++;
    }

    @httpGet('/object')
    object() {
      return { success: true, data: { at: 1 } };
    }

    @httpGet('/later')
    async later() {
      await new Promise((resolve) => setImmediate(resolve));
      return { later: true };
    }

    @httpGet('/thenable')
    thenable() {
      return { then: (resolve: (value: unknown) => void) => resolve({ thenable: true }) };
    }

    @httpGet('/throws')
    throws(): never {
      throw new Error('thrown at once');
    }

    @httpGet('/rejects')
    async rejects(): Promise<never> {
      throw new Error('rejected later');
    }

    @httpGet('/message')
    message() {
      const message = new HttpResponseMessage(202);
      message.headers = { 'x-count': 3 as unknown as string };
      message.content = new StringContent('accepted');
      return message;
    }

    @httpGet('/empty-message')
    emptyMessage() {
      return new HttpResponseMessage(204);
    }

    @httpGet('/action')
    action() {
      return {
        executeAsync: async () => {
          const message = new HttpResponseMessage(207);
          message.content = new StringContent('from an action');
          return message;
        },
      };
    }

    @httpGet('/failing-action')
    failingAction() {
      return { executeAsync: () => Promise.reject(new Error('action failed')) };
    }

    @httpGet('/function')
    fn(@response() res: Response) {
      return () => res.status(201).send('called');
    }

    @httpGet('/text')
    text() {
      return 'plain';
    }

    @httpGet('/principal')
    principal(@principal() user: interfaces.Principal) {
      return { user: user.details ?? null };
    }

    @httpGet('/itself')
    itself(@response() res: Response) {
      res.status(203).json({ itself: true });
      return undefined;
    }

    @httpGet('/circular')
    circular() {
      const value: Record<string, unknown> = {};
      value.self = value;
      return value;
    }

    @httpGet('/parts/:id')
    parts(@requestParam('id') id: string, @queryParam('q') q: unknown, @requestHeaders('X-Probe') probe: unknown, @queryParam() query: unknown) {
      return { id, q, probe, query };
    }

    @httpGet('/plain')
    plain(req: Request, res: Response) {
      res.json({ path: req.path });
    }

    @httpHead('/headed')
    headed(@response() res: Response) {
      res.setHeader('X-Head', 'own');
      res.status(200).end();
    }

    @httpGet('/headed')
    gotten() {
      return { got: true };
    }
  }

  @controller('/scoped')
  class Scoped extends BaseHttpController {
    constructor(@inject(TAG) readonly tag: string) {
      super();
      scopedMade++;
    }

    @httpGet('/who')
    who() {
      return { url: this.httpContext.request.originalUrl, tag: this.tag, user: this.httpContext.user.details ?? null };
    }

    @httpGet('/ok')
    fine() {
      return this.ok('fine');
    }
  }

  @controller('/guarded', Tagging)
  class Guarded {
    @httpGet('/', (_req: Request, res: Response, next: NextFunction) => {
      res.setHeader('X-Route', 'plain');
      next();
    })
    guarded() {
      return { guarded: true };
    }
  }
  return { Answers, Scoped, Guarded, Tagging };
});

describe('controllerRouter: controller results answered as inversify-express-utils answers them', () => {
  /** Whether each path was answered by the time next() returned to the middleware before the controllers. */
  const answeredInTurn = new Map<string, boolean>();
  /** The own properties each path's request gained while its controller ran. */
  const gained = new Map<string, Array<string | symbol>>();
  let app: express.Application;
  let container: Container;
  let children = 0;

  before(() => {
    container = new Container();
    container.bind(TAG).toConstantValue('tagged');
    container.bind(Tagging).toSelf();
    const createChild = container.createChild.bind(container);
    container.createChild = (...args) => {
      children++;
      return createChild(...args);
    };
    app = express();
    app.use((req, res, next) => {
      const path = req.path;
      const before = new Set(Reflect.ownKeys(req));
      next();
      answeredInTurn.set(path, res.headersSent);
      gained.set(
        path,
        Reflect.ownKeys(req).filter((key) => !before.has(key)),
      );
    });
    app.use('/root', controllerRouter(controllerEndpoints(container, [Answers, Scoped, Guarded])));
    app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
      res.status(500).json({ error: error.message });
    });
  });

  it('answers an object returned at once as JSON, in the same turn', async () => {
    const res = await request(app).get('/root/lean/object').expect(200);
    expect(res.body).to.deep.equal({ success: true, data: { at: 1 } });
    expect(res.headers['content-type']).to.equal('application/json; charset=utf-8');
    expect(answeredInTurn.get('/root/lean/object')).to.equal(true);
  });

  it('makes a controller that holds nothing request-scoped once, with no child container per request', async () => {
    const before = { made, children };
    for (let i = 0; i < 3; i++) await request(app).get('/root/lean/object').expect(200);
    expect(made - before.made).to.be.at.most(1);
    expect(children - before.children).to.equal(0);
    expect(container.isBoundNamed(TYPE.Controller, 'Answers')).to.equal(true);
  });

  it('keeps the request context off the request itself, whose properties stay as express left them', async () => {
    expect((await request(app).get('/root/lean/principal').expect(200)).body).to.deep.equal({ user: null });
    // express's own `route` is the only property the request gains on its way through a controller.
    expect(gained.get('/root/lean/principal')).to.deep.equal(['route']);
  });

  it('answers a promise and a thenable once they settle', async () => {
    expect((await request(app).get('/root/lean/later').expect(200)).body).to.deep.equal({ later: true });
    expect(answeredInTurn.get('/root/lean/later')).to.equal(false);
    expect((await request(app).get('/root/lean/thenable').expect(200)).body).to.deep.equal({ thenable: true });
  });

  it('hands a thrown error, a rejection, a failed action and an unsendable value to the error handler', async () => {
    expect((await request(app).get('/root/lean/throws').expect(500)).body).to.deep.equal({ error: 'thrown at once' });
    expect((await request(app).get('/root/lean/rejects').expect(500)).body).to.deep.equal({ error: 'rejected later' });
    expect((await request(app).get('/root/lean/failing-action').expect(500)).body).to.deep.equal({ error: 'action failed' });
    expect((await request(app).get('/root/lean/circular').expect(500)).body.error).to.match(/circular/i);
  });

  it('sends a response message with its headers, a bare status, an action result; calls a returned function; sends text', async () => {
    const message = await request(app).get('/root/lean/message').expect(202);
    expect(message.text).to.equal('accepted');
    expect(message.headers['x-count']).to.equal('3');
    expect(message.headers['content-type']).to.equal('text/plain; charset=utf-8');
    await request(app).get('/root/lean/empty-message').expect(204);
    expect((await request(app).get('/root/lean/action').expect(207)).text).to.equal('from an action');
    expect((await request(app).get('/root/lean/function').expect(201)).text).to.equal('called');
    const text = await request(app).get('/root/lean/text').expect(200);
    expect(text.text).to.equal('plain');
    expect(text.headers['content-type']).to.equal('text/html; charset=utf-8');
  });

  it('leaves a handler that answered itself alone', async () => {
    expect((await request(app).get('/root/lean/itself').expect(203)).body).to.deep.equal({ itself: true });
  });

  it('passes route parameters, query values, the whole query, headers, and req/res to an undecorated handler', async () => {
    const res = await request(app).get('/root/lean/parts/7?q=x&r=y').set('X-Probe', 'probed').expect(200);
    expect(res.body).to.deep.equal({ id: '7', q: 'x', probe: 'probed', query: { q: 'x', r: 'y' } });
    expect((await request(app).get('/root/lean/plain').expect(200)).body).to.deep.equal({ path: '/lean/plain' });
  });

  it('routes an explicit HEAD before the GET of the same path', async () => {
    const res = await request(app).head('/root/lean/headed').expect(200);
    expect(res.headers['x-head']).to.equal('own');
  });

  it("makes a BaseHttpController per request in the request's child container, with the request's context", async () => {
    const before = { scopedMade, children };
    for (const query of ['a', 'b']) {
      const res = await request(app).get(`/root/scoped/who?${query}`).expect(200);
      expect(res.body).to.deep.equal({ url: `/root/scoped/who?${query}`, tag: 'tagged', user: null });
    }
    expect(scopedMade - before.scopedMade).to.equal(2);
    expect(children - before.children).to.equal(2);
    expect((await request(app).get('/root/scoped/ok').expect(200)).text).to.equal('fine');
  });

  it('runs a bound BaseMiddleware with the request context, and a plain middleware, before the handler', async () => {
    const res = await request(app).get('/root/guarded').expect(200);
    expect(res.body).to.deep.equal({ guarded: true });
    expect(res.headers['x-route']).to.equal('plain');
    expect(res.headers['x-seen-by']).to.equal('/guarded true');
  });
});
