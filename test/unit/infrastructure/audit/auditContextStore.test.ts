import { expect } from 'chai';
import { currentAuditContext, runWithAuditContext } from '../../../../src/infrastructure/audit/auditContextStore';

describe('auditContextStore', () => {
  it('answers an empty context outside any run', () => {
    expect(currentAuditContext()).to.deep.equal({ actor: null, address: null, requestId: null });
  });

  it('keeps the context across awaits inside the run', async () => {
    const seen = await runWithAuditContext({ actor: 'cli', address: '10.0.0.1', requestId: 'r1' }, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return currentAuditContext();
    });
    expect(seen).to.deep.equal({ actor: 'cli', address: '10.0.0.1', requestId: 'r1' });
    expect(currentAuditContext().actor).to.equal(null);
  });

  it('keeps the outer address and request id when an inner run names only the actor', () => {
    const seen = runWithAuditContext({ actor: null, address: '10.0.0.2', requestId: 'r2' }, () =>
      runWithAuditContext({ actor: 'admin:ops-bot' }, () => currentAuditContext()),
    );
    expect(seen).to.deep.equal({ actor: 'admin:ops-bot', address: '10.0.0.2', requestId: 'r2' });
  });

  it('lets an inner run clear a field with null', () => {
    const seen = runWithAuditContext({ actor: 'cli', address: 'a', requestId: 'r' }, () =>
      runWithAuditContext({ address: null }, () => currentAuditContext()),
    );
    expect(seen).to.deep.equal({ actor: 'cli', address: null, requestId: 'r' });
  });
});

describe('auditContextStore with a context of getters', () => {
  it('keeps a complete context as given and reads its fields only when asked', () => {
    let reads = 0;
    const lazy = {
      actor: null,
      get address() {
        reads++;
        return '198.51.100.4';
      },
      requestId: 'r9',
    };
    const seen = runWithAuditContext(lazy, () => {
      expect(reads).to.equal(0);
      return currentAuditContext();
    });
    expect(seen).to.equal(lazy);
    expect(seen.address).to.equal('198.51.100.4');
    expect(reads).to.equal(1);
  });
});
