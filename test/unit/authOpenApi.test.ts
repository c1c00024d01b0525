import { expect } from 'chai';
import { authOpenApi, BEARER_SCHEME } from '../../src/interfaces/http/openapi/authOpenApi';
import type { RouteDocument } from '../../src/interfaces/http/openapi/openApiTypes';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The login example of the API contract (issue 2), verbatim. */
const CONTRACT_LOGIN_EXAMPLE =
  '{"success":true,"status":200,"msg":"登录成功!","data":{"access_token":"<JWT>","token_type":null,"refresh_token":null,"expires_in":null,"scope":null,"path":null,"info":{"tenantId":null,"telephone":null,"userType":"4","avatar":null,"nickName":"管理员","grade":null}}}';

const CURRENT_USER_FIELDS =
  'id tenantId clientId signMethod nickName avatar anId anTitle telephone email account accountSecret status appId openId userType sex deptId deptTitle postId postTitle grade isSuperAdmin delFlag canDel expireTime other'.split(' ');

describe('authOpenApi (the OpenAPI 3.1 document)', () => {
  const document = JSON.parse(JSON.stringify(authOpenApi({ contextPath: 'auth', version: '9.9.9' }))) as Json;
  const schemas = document.components.schemas as Json;
  const responses = document.components.responses as Json;
  const operation = (path: string, method: string): Json => document.paths[path][method];
  const resolve = (value: Json): Json => (value.$ref ? responses[value.$ref.split('/').pop()] : value);

  it('is OpenAPI 3.1 with the context path as its server URL', () => {
    expect(document.openapi).to.equal('3.1.0');
    expect(document.info.version).to.equal('9.9.9');
    expect(document.servers[0].url).to.equal('/auth');
    expect(authOpenApi({ contextPath: 'iam/v2', version: '1' }).servers[0].url).to.equal('/iam/v2');
  });

  it('describes every endpoint of the auth service', () => {
    const operations = Object.entries(document.paths as Json).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    // The exact list is the route check's job (test/integration/openApiRoutes.test.ts); these must be there.
    expect(operations).to.include.members([
      'POST /oauth/jwt/token',
      'GET /client/user/secret/key',
      'GET /current/user/details',
      'GET /actuator',
      'GET /actuator/health',
      'GET /actuator/info',
      'GET /',
      'GET /static/{path}',
      'GET /assets/{path}',
      'GET /v3/api-docs',
      'GET /swagger-ui/',
    ]);
  });

  it("carries the contract's login example verbatim", () => {
    const example = operation('/oauth/jwt/token', 'post').responses['200'].content['application/json'].example;
    expect(JSON.stringify(example)).to.equal(CONTRACT_LOGIN_EXAMPLE);
  });

  it('lists the envelope and login fields in the order of the API', () => {
    const envelope = schemas.LoginEnvelope;
    expect(Object.keys(envelope.properties)).to.deep.equal(['success', 'status', 'msg', 'data']);
    expect(envelope.required).to.deep.equal(['success', 'status', 'msg', 'data']);
    const token = ['access_token', 'token_type', 'refresh_token', 'expires_in', 'scope', 'path', 'info'];
    expect(Object.keys(schemas.AccessTokenInfo.properties)).to.deep.equal(token);
    expect(schemas.AccessTokenInfo.required).to.deep.equal(token);
    expect(schemas.AccessTokenInfo.properties.token_type.type).to.deep.equal(['string', 'null']);
    const info = ['tenantId', 'telephone', 'userType', 'avatar', 'nickName', 'grade'];
    expect(Object.keys(schemas.LoginUserInfo.properties)).to.deep.equal(info);
    expect(schemas.LoginUserInfo.required).to.deep.equal(info);
  });

  it('lists the 27 current-user fields in order, and its example matches the stub login', () => {
    expect(Object.keys(schemas.CurrentUserDetails.properties)).to.deep.equal(CURRENT_USER_FIELDS);
    expect(schemas.CurrentUserDetails.required).to.deep.equal(CURRENT_USER_FIELDS);
    const example = operation('/current/user/details', 'get').responses['200'].content['application/json'].example;
    expect(example.msg).to.equal('操作成功!');
    expect(Object.keys(example.data)).to.deep.equal(CURRENT_USER_FIELDS);
    expect(example.data).to.include({ id: '1', nickName: '管理员', account: 'admin', userType: '4', email: null, other: null });
  });

  it('documents the error answers with their exact messages', () => {
    const messages = (path: string, method: string, status: string): string[] =>
      Object.values((resolve(operation(path, method).responses[status]).content['application/json'].examples ?? {}) as Json).map(
        (example) => example.value.msg,
      );
    expect(messages('/oauth/jwt/token', 'post', '400')).to.include('登录认证信息不全!!!');
    expect(messages('/current/user/details', 'get', '401')).to.have.members(['用户认证失败', '认证令牌已过期！', 'token 解析失败！']);
    expect(messages('/client/user/secret/key', 'get', '403')).to.deep.equal(['当前签名方式不允许下发密钥']);
    expect(messages('/static/{path}', 'get', '404')).to.deep.equal(['请求的资源不存在']);
    expect(messages('/oauth/jwt/token', 'post', '413')).to.deep.equal(['请求体过大']);
    expect(messages('/oauth/jwt/token', 'post', '500')).to.deep.equal(['服务器内部错误']);
    expect(messages('/client/user/secret/key', 'get', '503')).to.deep.equal(['认证密钥暂不可用，请稍后重试']);
    expect(resolve(operation('/oauth/jwt/token', 'post').responses['429']).headers).to.have.property('Retry-After');
    expect(resolve(operation('/current/user/details', 'get').responses['401']).headers).to.have.property('WWW-Authenticate');
  });

  it('gives every error example its own status and data null', () => {
    for (const [name, response] of Object.entries(responses)) {
      for (const example of Object.values((response.content['application/json'].examples ?? {}) as Json)) {
        expect(example.value.success, name).to.equal(false);
        expect(example.value.data, name).to.equal(null);
        expect(response.content['application/json'].schema.$ref).to.equal('#/components/schemas/ErrorEnvelope');
      }
    }
    for (const [path, item] of Object.entries(document.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json)) {
        // A path-level `servers` (a route at the server root) is no operation.
        if (method === 'servers') continue;
        for (const [status, response] of Object.entries(op.responses as Json)) {
          for (const example of Object.values((resolve(response).content?.['application/json']?.examples ?? {}) as Json)) {
            expect(example.value.status, `${method} ${path} ${status}`).to.equal(Number(status));
          }
        }
      }
    }
  });

  it('requires the bearer token exactly where the token interceptor does', () => {
    expect(document.components.securitySchemes[BEARER_SCHEME]).to.deep.equal({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'The `access_token` of a login response, as `Authorization: Bearer <token>`.',
    });
    expect(document.security).to.deep.equal([{ [BEARER_SCHEME]: [] }]);
    expect(operation('/current/user/details', 'get').security).to.equal(undefined);
    for (const [path, method] of [['/oauth/jwt/token', 'post'], ['/actuator/health', 'get'], ['/v3/api-docs', 'get']]) {
      expect(operation(path, method).security, `${method} ${path}`).to.deep.equal([]);
    }
    // No token either: the client service's HTTP Basic, or (no scheme) the deprecated query pair.
    for (const path of ['/client/user/secret/key', '/client/user/secret/keys', '/client/revocations']) {
      expect(operation(path, 'get').security, path).to.deep.equal([{ clientBasic: [] }, {}]);
    }
  });

  it('resolves every $ref and uses unique operation ids', () => {
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs).to.not.be.empty;
    for (const ref of refs) {
      const [, , section, name] = JSON.parse(`{${ref}}`).$ref.split('/');
      expect(document.components[section], ref).to.have.property(name);
    }
    const ids = Object.values(document.paths as Json).flatMap((item) =>
      Object.entries(item as Json)
        .filter(([key]) => key !== 'servers')
        .map(([, op]) => op.operationId),
    );
    expect(new Set(ids).size).to.equal(ids.length);
  });

  describe('built from a route list', () => {
    const route = (path: string, extra: Partial<RouteDocument> = {}): RouteDocument => ({
      method: 'get',
      path,
      operation: { operationId: path, tags: [], summary: path, responses: {} },
      ...extra,
    });

    it('puts a route served from the server root under a path-level server', () => {
      const built = authOpenApi({ contextPath: 'auth', version: '1', routes: [route('/.well-known/jwks.json', { outsideContextPath: true })] });
      expect(built.paths['/.well-known/jwks.json'].servers).to.deep.equal([{ url: '/', description: 'the server root' }]);
    });

    it('refuses a route listed twice', () => {
      expect(() => authOpenApi({ contextPath: 'auth', version: '1', routes: [route('/a'), route('/a')] })).to.throw('GET /a twice');
    });
  });
});
