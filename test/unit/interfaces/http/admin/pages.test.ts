import { expect } from 'chai';
import type { Request } from 'express';
import { cursorAfter, pageCursor, pageOf, pageSize } from '../../../../../src/interfaces/http/admin/pages';
import { checkIfMatch, strongEtag } from '../../../../../src/interfaces/http/admin/resources';

const withQuery = (query: Record<string, unknown>) => ({ query }) as unknown as Request;
const withIfMatch = (value?: string) => ({ get: (name: string) => (name === 'If-Match' ? value : undefined) }) as unknown as Request;

describe('admin pages and preconditions', () => {
  it('limit: 50 by default, 1 to 200, anything else a ProblemError naming limit', () => {
    expect(pageSize(withQuery({}))).to.equal(50);
    expect(pageSize(withQuery({ limit: '1' }))).to.equal(1);
    expect(pageSize(withQuery({ limit: '200' }))).to.equal(200);
    for (const limit of ['0', '201', 'abc', '', '1e2', ['1', '2'], '-5']) {
      expect(() => pageSize(withQuery({ limit })), String(limit)).to.throw().with.property('type', 'invalid-request');
    }
  });

  it('cursor: opaque, only our own, walking an ordered list once whatever its given order', () => {
    const items = ['c', 'a', 'e', 'b', 'd'];
    const first = pageOf(items, (item) => item, undefined, 2);
    expect(first.items).to.deep.equal(['a', 'b']);
    const after = pageCursor(withQuery({ cursor: first.next }));
    expect(after).to.equal('b');
    const second = pageOf(items, (item) => item, after, 2);
    expect(second.items).to.deep.equal(['c', 'd']);
    const last = pageOf(items, (item) => item, pageCursor(withQuery({ cursor: second.next })), 2);
    expect(last).to.deep.equal({ items: ['e'], next: null });
    expect(pageOf(items, (item) => item, 'e', 2)).to.deep.equal({ items: [], next: null });
    expect(pageOf(items, (item) => item, undefined, 5).next).to.equal(null);
    expect(pageCursor(withQuery({}))).to.equal(undefined);
    for (const cursor of ['not ours', Buffer.from('{"x":1}').toString('base64url'), Buffer.from('nope').toString('base64url'), ['a']]) {
      expect(() => pageCursor(withQuery({ cursor })), String(cursor)).to.throw().with.property('type', 'invalid-request');
    }
    expect(cursorAfter('b')).to.match(/^[A-Za-z0-9_-]+$/);
  });

  it('If-Match: strong comparison, * matches, a list may name the current tag; absent is 428 only when required', () => {
    const resource = { id: 'u1', status: 'active' };
    const tag = strongEtag(resource);
    expect(tag).to.equal(strongEtag({ id: 'u1', status: 'active' }));
    expect(tag).to.not.equal(strongEtag({ id: 'u1', status: 'disabled' }));
    expect(() => checkIfMatch(withIfMatch(tag), resource, true)).to.not.throw();
    expect(() => checkIfMatch(withIfMatch(`"other", ${tag}`), resource, true)).to.not.throw();
    expect(() => checkIfMatch(withIfMatch('*'), resource, true)).to.not.throw();
    expect(() => checkIfMatch(withIfMatch(undefined), resource, false)).to.not.throw();
    expect(() => checkIfMatch(withIfMatch(undefined), resource, true)).to.throw().with.property('type', 'precondition-required');
    expect(() => checkIfMatch(withIfMatch(`W/${tag}`), resource, false)).to.throw().with.property('type', 'precondition-failed');
    expect(() => checkIfMatch(withIfMatch('"stale"'), resource, false)).to.throw().with.property('type', 'precondition-failed');
  });
});
