import { expect } from 'chai';
import type { Request } from 'express';
import { adminAuditContextOf, runInAdminAuditContext } from '../../../../../src/interfaces/http/admin/adminAuditContext';

describe('the audit context of an admin call', () => {
  it('names the admin client as the actor, with the address and the request id', () => {
    const req = { ip: '203.0.113.7', id: 'req-1' } as unknown as Request;
    expect(adminAuditContextOf(req, { clientId: 'ops-bot', scopes: ['admin:read'] })).to.deep.equal({ actor: 'admin:ops-bot', address: '203.0.113.7', requestId: 'req-1' });
    expect(adminAuditContextOf({ ip: undefined } as unknown as Request, { clientId: 'ci', scopes: [] })).to.deep.equal({ actor: 'admin:ci', address: null, requestId: null });
  });

  it('runs the rest of the call and answers what it answers', () => {
    expect(runInAdminAuditContext({ actor: 'admin:ci', address: null, requestId: null }, () => 42)).to.equal(42);
  });
});
