import 'reflect-metadata';
import { expect } from 'chai';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Container } from 'inversify';
import { controller, httpGet, HttpResponseMessage, InversifyExpressServer, METADATA_KEY, principal, response, StringContent, type interfaces } from 'inversify-express-utils';
import request from 'supertest';
import { TokenPrincipalProvider } from '@auth-service/client/inversify';
import { makeLean } from '../../../../src/interfaces/http/leanHttpContext';

/** Runs `define` with the controllers it decorates kept out of inversify-express-utils' global registry. */
function onlyThese<T>(define: () => T): { controllers: T; build: (configure: (app: express.Application) => void) => express.Application } {
  const registered: unknown = Reflect.getMetadata(METADATA_KEY.controller, Reflect);
  Reflect.defineMetadata(METADATA_KEY.controller, [], Reflect);
  let defined: unknown;
  try {
    const controllers = define();
    defined = Reflect.getMetadata(METADATA_KEY.controller, Reflect);
    return {
      controllers,
      build: (configure) => {
        const server = new InversifyExpressServer(new Container(), null, { rootPath: '/' }, undefined, TokenPrincipalProvider);
        makeLean(server);
        // Answered in the same turn: the middleware before the controllers sees it on return from next().
        server.setConfig(configure);
        server.setErrorConfig((app) =>
          app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
            res.status(500).json({ error: error.message });
          }),
        );
        const all: unknown = Reflect.getMetadata(METADATA_KEY.controller, Reflect);
        Reflect.defineMetadata(METADATA_KEY.controller, defined, Reflect);
        try {
          return server.build();
        } finally {
          Reflect.defineMetadata(METADATA_KEY.controller, all, Reflect);
        }
      },
    };
  } finally {
    Reflect.defineMetadata(METADATA_KEY.controller, registered, Reflect);
  }
}

function answers() {
  return onlyThese(() => {
    @controller('/lean')
    class Answers {
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
        message.content = new StringContent('accepted');
        return message;
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
    }
    return { Answers };
  });
}

describe('makeLean: controller results answered as inversify-express-utils answers them', () => {
  /** Whether each path was answered by the time next() returned to the middleware before the controllers. */
  const answeredInTurn = new Map<string, boolean>();
  /** The own properties each path's request gained while its controller ran. */
  const gained = new Map<string, Array<string | symbol>>();
  let app: express.Application;

  before(() => {
    app = answers().build((app) => {
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
    });
  });

  it('answers an object returned at once as JSON, in the same turn', async () => {
    const res = await request(app).get('/lean/object').expect(200);
    expect(res.body).to.deep.equal({ success: true, data: { at: 1 } });
    expect(res.headers['content-type']).to.equal('application/json; charset=utf-8');
    expect(answeredInTurn.get('/lean/object')).to.equal(true);
  });

  it('keeps the request context off the request itself, whose properties stay as express left them', async () => {
    expect((await request(app).get('/lean/principal').expect(200)).body).to.deep.equal({ user: null });
    // express's own `route` is the only property the request gains on its way through a controller.
    expect(gained.get('/lean/principal')).to.deep.equal(['route']);
  });

  it('answers a promise and a thenable once they settle', async () => {
    expect((await request(app).get('/lean/later').expect(200)).body).to.deep.equal({ later: true });
    expect(answeredInTurn.get('/lean/later')).to.equal(false);
    expect((await request(app).get('/lean/thenable').expect(200)).body).to.deep.equal({ thenable: true });
  });

  it('hands a thrown error, a rejection, a failed action and an unsendable value to the error handler', async () => {
    expect((await request(app).get('/lean/throws').expect(500)).body).to.deep.equal({ error: 'thrown at once' });
    expect((await request(app).get('/lean/rejects').expect(500)).body).to.deep.equal({ error: 'rejected later' });
    expect((await request(app).get('/lean/failing-action').expect(500)).body).to.deep.equal({ error: 'action failed' });
    expect((await request(app).get('/lean/circular').expect(500)).body.error).to.match(/circular/i);
  });

  it('sends a response message and an action result, calls a returned function, sends text', async () => {
    expect((await request(app).get('/lean/message').expect(202)).text).to.equal('accepted');
    expect((await request(app).get('/lean/action').expect(207)).text).to.equal('from an action');
    expect((await request(app).get('/lean/function').expect(201)).text).to.equal('called');
    const text = await request(app).get('/lean/text').expect(200);
    expect(text.text).to.equal('plain');
    expect(text.headers['content-type']).to.equal('text/html; charset=utf-8');
  });

  it('leaves a handler that answered itself alone', async () => {
    expect((await request(app).get('/lean/itself').expect(203)).body).to.deep.equal({ itself: true });
  });
});
