import { expect } from 'chai';
import request from 'supertest';
import type { AuthServer } from '../../src/interfaces/composition/authServerAssembly';
import { buildAuthServer } from '../support/buildAuthServer';
import { authTestConfig } from '../support/authTestServer';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const PACKAGE_VERSION = (require('../../package.json') as { version: string }).version;

describe('API docs, Swagger UI and the home redirect over HTTP', () => {
  let auth: AuthServer;

  before(async () => {
    auth = await buildAuthServer(authTestConfig());
  });

  after(async () => {
    await auth?.close();
  });

  it('serves the OpenAPI 3.1 document at /auth/v3/api-docs without a token', async () => {
    const response = await request(auth.app).get('/auth/v3/api-docs').expect(200).expect('Content-Type', /application\/json/);
    expect(response.body.openapi).to.equal('3.1.0');
    expect(response.body.info.version).to.equal(PACKAGE_VERSION);
    expect(response.body.servers).to.deep.equal([{ url: '/auth', description: 'this service, under its context path' }]);
    expect(response.body.paths).to.have.property('/oauth/jwt/token');
  });

  it('redirects /auth/swagger-ui to /auth/swagger-ui/ so the page finds its assets', async () => {
    await request(auth.app).get('/auth/swagger-ui').expect(301).expect('Location', '/auth/swagger-ui/');
  });

  it('renders Swagger UI at /auth/swagger-ui/ and serves every asset the page references', async () => {
    const page = await request(auth.app).get('/auth/swagger-ui/').expect(200).expect('Content-Type', /text\/html/);
    const assets = [...page.text.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((match) => match[1]);
    expect(assets).to.include.members(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'swagger-ui-init.js']);
    for (const asset of assets) await request(auth.app).get(`/auth/swagger-ui/${asset}`).expect(200);
    await request(auth.app).get('/auth/swagger-ui/swagger-ui-bundle.js').expect('Content-Type', /javascript/);
  });

  it("points Swagger UI at this service's document", async () => {
    const init = await request(auth.app).get('/auth/swagger-ui/swagger-ui-init.js').expect(200);
    expect(init.text).to.contain('"swaggerUrl": "../v3/api-docs"');
    expect(init.text).not.to.contain('petstore');
  });

  it("does not serve swagger-ui-dist's Petstore demo page", async () => {
    for (const file of ['index.html', 'swagger-initializer.js']) {
      const response = await request(auth.app).get(`/auth/swagger-ui/${file}`).expect(404);
      expect(response.body).to.deep.equal({ success: false, status: 404, msg: '请求的资源不存在', data: null });
    }
  });

  it('redirects /auth and /auth/ to the sign-in page', async () => {
    await request(auth.app).get('/auth/').expect(302).expect('Location', '/auth/static/index.html');
    await request(auth.app).get('/auth').expect(302).expect('Location', '/auth/static/index.html');
  });

  it('serves the sign-in page, its script and styles, and still 404s unknown static files', async () => {
    const page = await request(auth.app).get('/auth/static/index.html').expect(200).expect('Content-Type', /text\/html/);
    expect(page.text).to.contain('<script type="module" src="app.js"></script>');
    await request(auth.app).get('/auth/static/app.js').expect(200).expect('Content-Type', /javascript/);
    await request(auth.app).get('/auth/static/app.css').expect(200).expect('Content-Type', /text\/css/);
    await request(auth.app).get('/auth/static/missing.js').expect(404);
  });

  it('keeps the token check on protected routes next to the public docs', async () => {
    const response = await request(auth.app).get('/auth/current/user/details').expect(401);
    expect(response.body.msg).to.equal('用户认证失败');
  });

  describe('under another context path', () => {
    let other: AuthServer;

    before(async () => {
      other = await buildAuthServer(authTestConfig({ AUTH_CONTEXT_PATH: 'iam', AUTH_ISSUER: 'http://localhost/iam' }));
    });

    after(async () => {
      await other?.close();
    });

    it('moves the server URL, the docs, the UI and the redirect with it', async () => {
      const document = await request(other.app).get('/iam/v3/api-docs').expect(200);
      expect(document.body.servers[0].url).to.equal('/iam');
      await request(other.app).get('/iam/swagger-ui/').expect(200);
      await request(other.app).get('/iam/').expect(302).expect('Location', '/iam/static/index.html');
      await request(other.app).get('/auth/v3/api-docs').expect(404);
    });
  });
});
