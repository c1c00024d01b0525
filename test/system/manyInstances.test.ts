import { expect } from 'chai';
import { createDataSource } from '../../src/infrastructure/persistence/createDataSource';
import { migrations } from '../../src/infrastructure/persistence/migrations';
import { AuthProcess, originOf } from '../support/authProcess';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const INSTANCES = 3;

interface Health {
  status: string;
  components: { signingKey: { details: { kid: string } } };
}

async function login(origin: string): Promise<string> {
  const response = await fetch(`${origin}/auth/oauth/jwt/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'any' }),
  });
  expect(response.status).to.equal(200);
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

for (const backend of STORE_BACKENDS) {
  describe(`${INSTANCES} auth processes started together on one empty ${backend.name} database`, function () {
    // Several real processes boot and generate RSA keys at once on a shared CI machine.
    this.timeout(120_000);

    let database: SharedDatabase;
    let processes: AuthProcess[] = [];
    let origins: string[] = [];

    before(async () => {
      database = await backend.create();
      processes = Array.from({ length: INSTANCES }, () => AuthProcess.start({ AUTH_DATABASE_URL: database.url }));
      origins = (await Promise.all(processes.map((p) => p.port()))).map(originOf);
    });

    after(async () => {
      await Promise.all(processes.map((p) => p.stop()));
      await database.dispose();
    });

    it('end up signing with one and the same key', async () => {
      const kids = await Promise.all(
        origins.map(async (origin) => {
          const response = await fetch(`${origin}/auth/actuator/health`);
          expect(response.status).to.equal(200);
          return ((await response.json()) as Health).components.signingKey.details.kid;
        }),
      );
      expect(new Set(kids).size, `kids: ${kids.join(', ')}`).to.equal(1);

      const generated = processes.flatMap((p) => p.lines.filter((l) => l.msg === 'signing key ready' && l.generated === true));
      expect(generated.length).to.be.at.most(1);
    });

    it('leave exactly one active key row in the store', async () => {
      const dataSource = await createDataSource(database.url).initialize();
      try {
        const rows = (await dataSource.query(`SELECT kid FROM signing_keys WHERE method = 'rsa' AND state = 'active'`)) as unknown[];
        expect(rows).to.have.length(1);
        const executed = (await dataSource.query('SELECT name FROM migrations')) as unknown[];
        expect(executed).to.have.length(migrations.length);
      } finally {
        await dataSource.destroy();
      }
    });

    it("each accept the others' tokens", async () => {
      for (const [issuerIndex, issuerOrigin] of origins.entries()) {
        const token = await login(issuerOrigin);
        for (const [index, origin] of origins.entries()) {
          if (index === issuerIndex) continue;
          const response = await fetch(`${origin}/auth/current/user/details`, { headers: { authorization: `Bearer ${token}` } });
          expect(response.status, `token of instance ${issuerIndex} on instance ${index}`).to.equal(200);
          expect(((await response.json()) as { data: { account: string } }).data.account).to.equal('admin');
        }
      }
    });
  });
}
