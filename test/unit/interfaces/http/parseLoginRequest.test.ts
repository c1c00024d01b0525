import { expect } from 'chai';
import { LoginInputIncompleteError } from '../../../../src/domain/errors';
import { parseLoginRequest } from '../../../../src/interfaces/http/controllers/LoginController';

describe('parseLoginRequest (the plain fast path and class-validator agree)', () => {
  const accepts = (body: unknown) => expect(() => parseLoginRequest(body)).not.to.throw();
  const rejects = (body: unknown) => expect(() => parseLoginRequest(body)).to.throw(LoginInputIncompleteError);

  it('accepts a usual login and returns only the known fields', () => {
    expect(parseLoginRequest({ username: 'admin', password: 'pw', extra: 1 })).to.deep.equal({ username: 'admin', password: 'pw', code: undefined });
    expect(parseLoginRequest({ username: 'admin', password: 'pw', code: '123' })).to.deep.equal({ username: 'admin', password: 'pw', code: '123' });
    expect(parseLoginRequest({ username: 'admin', password: 'pw', code: null })).to.deep.equal({ username: 'admin', password: 'pw', code: undefined });
  });

  it('rejects blank, missing, non-string and too long fields', () => {
    rejects({ username: '  \t', password: 'pw' });
    rejects({ password: 'pw' });
    rejects({ username: 'admin', password: 7 });
    rejects({ username: 'a'.repeat(257), password: 'pw' });
    rejects({ username: 'admin', password: 'p'.repeat(1025) });
    rejects({ username: 'admin', password: 'pw', code: 5 });
    rejects({ username: 'admin', password: 'pw', code: 'c'.repeat(257) });
    rejects(Object.create({ username: 'admin', password: 'pw' }));
  });

  it('counts characters as class-validator does at the limits', () => {
    accepts({ username: 'a'.repeat(256), password: 'p'.repeat(1024), code: 'c'.repeat(256) });
    // 200 astral characters are 400 UTF-16 units: the fast path declines, class-validator accepts.
    accepts({ username: '😀'.repeat(200), password: 'pw' });
    rejects({ username: '😀'.repeat(257), password: 'pw' });
  });
});
