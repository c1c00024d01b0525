import { expect } from 'chai';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { jsonBodyWhenPresent } from '../../../../src/interfaces/http/jsonBodyWhenPresent';

function run(handler: RequestHandler, method: string, headers: Record<string, string>): { parsed: boolean; body: unknown; nextCalls: number } {
  const outcome = { parsed: false, body: undefined as unknown, nextCalls: 0 };
  const req = { method, headers } as unknown as Request;
  handler(req, {} as Response, (() => outcome.nextCalls++) as NextFunction);
  outcome.body = (req as { body?: unknown }).body;
  return outcome;
}

describe('jsonBodyWhenPresent', () => {
  let parserCalls: number;
  const parser: RequestHandler = (req, _res, next) => {
    parserCalls++;
    req.body = { parsed: true };
    next();
  };
  const handler = jsonBodyWhenPresent(parser);
  beforeEach(() => {
    parserCalls = 0;
  });

  it('skips the parser for a GET or HEAD without a body and leaves the body alone', () => {
    for (const method of ['GET', 'HEAD']) {
      const outcome = run(handler, method, {});
      expect(outcome).to.deep.equal({ parsed: false, body: undefined, nextCalls: 1 });
    }
    expect(parserCalls).to.equal(0);
  });

  it('gives a POST without a body the empty body the parser would give', () => {
    expect(run(handler, 'POST', {}).body).to.deep.equal({});
    expect(parserCalls).to.equal(0);
  });

  it('parses whatever announces a body, a GET included', () => {
    expect(run(handler, 'POST', { 'content-length': '2' }).body).to.deep.equal({ parsed: true });
    expect(run(handler, 'GET', { 'transfer-encoding': 'chunked' }).body).to.deep.equal({ parsed: true });
    expect(parserCalls).to.equal(2);
  });
});
