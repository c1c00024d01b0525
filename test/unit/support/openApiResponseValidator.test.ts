import { expect } from 'chai';
import { authOpenApi } from '../../../src/interfaces/http/openapi/authOpenApi';
import { OpenApiResponseValidator } from '../../support/openApiResponseValidator';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const validator = new OpenApiResponseValidator(JSON.parse(JSON.stringify(authOpenApi({ contextPath: 'auth', version: '1.0.0' }))));
const refused = { success: false, status: 401, msg: '用户名或密码错误', data: null };

describe('OpenApiResponseValidator (the check every supertest response goes through)', () => {
  it('accepts a documented status with a body of its schema', () => {
    expect(validator.problems('POST', '/auth/oauth/jwt/token', { status: 401, headers: JSON_TYPE, body: refused })).to.deep.equal([]);
  });

  it('names an undocumented status with the documented ones', () => {
    expect(validator.problems('POST', '/auth/oauth/jwt/token', { status: 403, headers: JSON_TYPE, body: refused })).to.deep.equal([
      'status 403 is not documented for /oauth/jwt/token (documented: 200, 400, 401, 413, 415, 429, 500, 503)',
    ]);
  });

  it('names an undocumented field and a field of the wrong type', () => {
    const problems = validator.problems('POST', '/auth/oauth/jwt/token', { status: 401, headers: JSON_TYPE, body: { ...refused, status: '401', extra: 1 } });
    expect(problems).to.have.length(2);
    expect(problems.find((problem) => problem.startsWith('body/status must be integer'))).to.be.a('string');
    expect(problems.find((problem) => problem.startsWith('body must NOT have additional properties (extra)'))).to.be.a('string');
  });

  it('checks a declared header against its schema, and the media type against the documented ones', () => {
    const throttled = { success: false, status: 429, msg: 'x', data: null };
    expect(validator.problems('POST', '/auth/oauth/jwt/token', { status: 429, headers: { ...JSON_TYPE, 'retry-after': 'soon' }, body: throttled })[0]).to.match(
      /^header Retry-After must be integer/,
    );
    expect(validator.problems('POST', '/auth/oauth/jwt/token', { status: 429, headers: { ...JSON_TYPE, 'retry-after': '7' }, body: throttled })).to.deep.equal([]);
    expect(validator.problems('POST', '/auth/oauth/jwt/token', { status: 401, headers: { 'content-type': 'text/html' }, body: refused })).to.deep.equal([
      'content type text/html is not documented (documented: application/json)',
    ]);
  });

  it('matches path templates (a file path may hold slashes) and the context root', () => {
    expect(validator.problems('GET', '/auth/static/css/site.css', { status: 200, headers: { 'content-type': 'text/css' }, text: 'a{}' })).to.deep.equal([]);
    expect(validator.problems('GET', '/auth', { status: 302, headers: { location: 'static/index.html' } })).to.deep.equal([]);
  });

  it('lets an undocumented request be answered only 404 or 400 in the error envelope', () => {
    const notFound = { success: false, status: 404, msg: 'Not Found', data: null };
    expect(validator.problems('GET', '/auth/nowhere', { status: 404, headers: JSON_TYPE, body: notFound })).to.deep.equal([]);
    expect(validator.problems('DELETE', '/auth/oauth/jwt/token', { status: 200, headers: JSON_TYPE, body: {} })).to.deep.equal([
      'no operation documents DELETE /auth/oauth/jwt/token; such a request may only be answered 400 or 404',
    ]);
  });
});
