import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parseLoginRequest } from '../../../../src/interfaces/http/controllers/LoginController';
import { authOpenApi } from '../../../../src/interfaces/http/openapi/authOpenApi';

const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
ajv.addFormat('password', true);
const documented = ajv.compile(authOpenApi({ contextPath: 'auth', version: '1' }).components.schemas.LoginRequest);

function accepted(body: unknown): boolean {
  try {
    parseLoginRequest(body);
    return true;
  } catch {
    return false;
  }
}

describe('LoginRequest in the OpenAPI document (generated from the validating DTO)', () => {
  const bodies: Array<[string, unknown]> = [
    ['complete', { username: 'admin', password: 'secret' }],
    ['with a code', { username: 'admin', password: 'secret', code: '1234' }],
    ['with a null code', { username: 'admin', password: 'secret', code: null }],
    ['blank username', { username: '   ', password: 'secret' }],
    ['empty password', { username: 'admin', password: '' }],
    ['username too long', { username: 'a'.repeat(257), password: 'secret' }],
    ['longest username', { username: 'a'.repeat(256), password: 'secret' }],
    ['password too long', { username: 'admin', password: 'p'.repeat(1025) }],
    ['numeric password', { username: 'admin', password: 1234 }],
    ['missing password', { username: 'admin' }],
    ['code too long', { username: 'admin', password: 'secret', code: 'c'.repeat(257) }],
    ['numeric code', { username: 'admin', password: 'secret', code: 5 }],
  ];

  for (const [name, body] of bodies) {
    it(`agrees with the validation on a body that is ${name}`, () => {
      expect(documented(body), JSON.stringify(documented.errors)).to.equal(accepted(body));
    });
  }

  it('documents the limits the validation enforces', () => {
    const schema = authOpenApi({ contextPath: 'auth', version: '1' }).components.schemas.LoginRequest as { required: string[]; properties: Record<string, Record<string, unknown>> };
    expect(schema.required).to.deep.equal(['username', 'password']);
    expect(schema.properties.username).to.include({ type: 'string', maxLength: 256, pattern: '\\S' });
    expect(schema.properties.password).to.include({ type: 'string', maxLength: 1024, format: 'password' });
  });
});
