import { expect } from 'chai';
import type { Request, Response } from 'express';
import type { AuditContext } from '../../../../src/domain/model/AuditEvent';
import { auditRequestContext } from '../../../../src/interfaces/http/auditRequestContext';

describe('auditRequestContext', () => {
  const contexts: AuditContext[] = [];
  const run = <T>(context: AuditContext, fn: () => T): T => {
    contexts.push(context);
    return fn();
  };
  const middleware = auditRequestContext(run, '/auth/oauth/jwt/token', '/auth/actuator');
  const pass = (req: Partial<Request>) => {
    let nexts = 0;
    middleware(req as Request, {} as Response, () => nexts++);
    return nexts;
  };

  beforeEach(() => {
    contexts.length = 0;
  });

  it("runs a request in a context reading the request's address and id when asked", () => {
    const req = { baseUrl: '', path: '/auth/oauth/token', ip: '203.0.113.4', id: 'req-1' } as unknown as Request;
    expect(pass(req)).to.equal(1);
    expect(contexts).to.have.length(1);
    expect([contexts[0].actor, contexts[0].address, contexts[0].requestId]).to.deep.equal([null, '203.0.113.4', 'req-1']);
  });

  it('says null for an address or id the request lacks', () => {
    pass({ baseUrl: '', path: '/auth/x' } as Partial<Request>);
    expect([contexts[0].address, contexts[0].requestId]).to.deep.equal([null, null]);
  });

  it('leaves the login route outside any context, at the root or under the context path', () => {
    expect(pass({ baseUrl: '', path: '/auth/oauth/jwt/token' })).to.equal(1);
    expect(pass({ baseUrl: '/auth', path: '/oauth/jwt/token' })).to.equal(1);
    expect(contexts).to.deep.equal([]);
  });

  it('leaves the actuator (health probes, metrics) outside any context, but not a path that only begins alike', () => {
    expect(pass({ baseUrl: '', path: '/auth/actuator/health' })).to.equal(1);
    expect(pass({ baseUrl: '/auth/actuator', path: '/prometheus' })).to.equal(1);
    expect(contexts).to.deep.equal([]);
    expect(pass({ baseUrl: '', path: '/auth/actuatorish' })).to.equal(1);
    expect(contexts).to.have.length(1);
  });
});
