import { expect } from 'chai';
import { InvalidAuditCursorError } from '../../../../src/domain/auditErrors';
import { decodeAuditCursor, encodeAuditCursor } from '../../../../src/infrastructure/persistence/auditCursor';

describe('auditCursor', () => {
  it('reads back the position it wrote, as opaque base64url', () => {
    const cursor = encodeAuditCursor({ time: 1_764_583_200_000, id: '0000002aXyZ-_' });
    expect(cursor).to.match(/^[A-Za-z0-9_-]+$/);
    expect(decodeAuditCursor(cursor)).to.deep.equal({ time: 1_764_583_200_000, id: '0000002aXyZ-_' });
  });

  it('refuses anything it did not write with INVALID_CURSOR', () => {
    const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of ['%%%', 'bm90IGpzb24', encoded({ time: 1, id: 'a' }), encoded([1]), encoded([1, 'a', 2]), encoded(['1', 'a']), encoded([1.5, 'a']), encoded([-1, 'a']), encoded([1, '']), encoded([1, 'x'.repeat(65)]), encoded([1, 2])]) {
      let refused: unknown = null;
      try {
        decodeAuditCursor(cursor);
      } catch (error) {
        refused = error;
      }
      expect(refused, cursor).to.be.instanceOf(InvalidAuditCursorError);
      expect(refused).to.have.property('code', 'INVALID_CURSOR');
      expect(refused).to.have.property('message', 'the cursor is not one the trail answered');
    }
  });
});
