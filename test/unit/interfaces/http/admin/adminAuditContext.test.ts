import { expect } from 'chai';
import type { Request, Response } from 'express';
import type { AuditContext } from '../../../../../src/domain/model/AuditEvent';
import { adminAuditContext, adminAuditContextOf } from '../../../../../src/interfaces/http/admin/adminAuditContext';

describe('the audit context of an admin call', () => {
  it('names the admin client as the actor, with the address and the request id', () => {
    const req = { ip: '203.0.113.7', id: 'req-1' } as unknown as Request;
    expect(adminAuditContextOf(req, { clientId: 'ops-bot', scopes: ['admin:read'] })).to.deep.equal({ actor: 'admin:ops-bot', address: '203.0.113.7', requestId: 'req-1' });
    expect(adminAuditContextOf({ ip: undefined } as unknown as Request, { clientId: 'ci', scopes: [] })).to.deep.equal({ actor: 'admin:ci', address: null, requestId: null });
  });

  it('runs the rest of the call inside that context', () => {
    const runs: AuditContext[] = [];
    let continued = false;
    const middleware = adminAuditContext((context, fn) => {
      runs.push(context);
      return fn();
    });
    const res = { locals: { adminCaller: { clientId: 'ops-bot', scopes: [] } } } as unknown as Response;
    middleware({ ip: '198.51.100.1' } as unknown as Request, res, () => {
      continued = true;
    });
    expect(continued).to.equal(true);
    expect(runs).to.deep.equal([{ actor: 'admin:ops-bot', address: '198.51.100.1', requestId: null }]);
  });
});
