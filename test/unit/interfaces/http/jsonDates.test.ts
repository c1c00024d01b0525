import { expect } from 'chai';
import { formatGmt8, jsonDateReplacer } from '../../../../src/interfaces/http/jsonDates';

describe('JSON dates', () => {
  describe('formatGmt8', () => {
    it('writes yyyy-MM-dd HH:mm:ss eight hours ahead of UTC', () => {
      expect(formatGmt8(new Date('2026-01-01T00:00:00Z'))).to.equal('2026-01-01 08:00:00');
      expect(formatGmt8(new Date('2026-07-15T03:04:05.999Z'))).to.equal('2026-07-15 11:04:05');
    });

    it('rolls over the day, month and year boundaries', () => {
      expect(formatGmt8(new Date('2025-12-31T16:00:00Z'))).to.equal('2026-01-01 00:00:00');
      expect(formatGmt8(new Date('2025-12-31T15:59:59Z'))).to.equal('2025-12-31 23:59:59');
      expect(formatGmt8(new Date('2024-02-28T20:30:00Z'))).to.equal('2024-02-29 04:30:00');
    });

    it('does not depend on the local time zone of the process', () => {
      const date = new Date('2026-03-29T01:30:00Z');
      expect(formatGmt8(date)).to.equal('2026-03-29 09:30:00');
      expect(formatGmt8(new Date(date.getTime()))).to.equal(formatGmt8(date));
    });
  });

  describe('jsonDateReplacer', () => {
    it('formats dates wherever they are in a body and leaves other values alone', () => {
      const body = {
        at: new Date('2026-01-01T00:00:00Z'),
        nested: { list: [new Date('2026-01-01T12:00:00Z')], text: '2026-01-01T00:00:00Z', n: 1, none: null },
      };
      expect(JSON.stringify(body, jsonDateReplacer)).to.equal(
        '{"at":"2026-01-01 08:00:00","nested":{"list":["2026-01-01 20:00:00"],"text":"2026-01-01T00:00:00Z","n":1,"none":null}}',
      );
    });

    it('writes an invalid date as null, as JSON.stringify does', () => {
      expect(JSON.stringify({ at: new Date(Number.NaN) }, jsonDateReplacer)).to.equal('{"at":null}');
    });
  });
});
