import { expect } from 'chai';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { lazyRouter } from '../../../../src/interfaces/http/lazyRouter';

describe('lazyRouter', () => {
  function app(make: () => Router) {
    const served = express();
    served.use('/lazy', lazyRouter(make));
    served.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
      res.status(500).json({ error: error.message });
    });
    return served;
  }

  function router(): Router {
    const made = Router();
    made.get('/page', (_req, res) => {
      res.json({ page: true });
    });
    return made;
  }

  it('makes the router on the first request only, then serves every request with it', async () => {
    let makes = 0;
    const served = app(() => {
      makes++;
      return router();
    });
    expect(makes).to.equal(0);
    for (let i = 0; i < 3; i++) expect((await request(served).get('/lazy/page').expect(200)).body).to.deep.equal({ page: true });
    expect(makes).to.equal(1);
  });

  it("hands a failure to make it to the request's error handler, and tries again on the next request", async () => {
    let attempts = 0;
    const served = app(() => {
      attempts++;
      if (attempts === 1) throw new Error('not yet');
      return router();
    });
    expect((await request(served).get('/lazy/page').expect(500)).body).to.deep.equal({ error: 'not yet' });
    await request(served).get('/lazy/page').expect(200);
    expect(attempts).to.equal(2);
  });

  it("shows the router's stack when asked for it, making the router then", () => {
    let makes = 0;
    const lazy = lazyRouter(() => {
      makes++;
      return router();
    });
    expect(lazy.stack).to.have.length(1);
    expect(lazy.stack).to.equal(lazy.stack);
    expect(makes).to.equal(1);
  });
});
