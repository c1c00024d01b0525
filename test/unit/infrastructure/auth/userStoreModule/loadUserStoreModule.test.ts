import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { loadUserStoreModule, UserStoreModuleLoadError } from '../../../../../src/infrastructure/auth/userStoreModule/loadUserStoreModule';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');
const MODULES = 'test/support/userStoreModules';

async function loadError(path: string): Promise<UserStoreModuleLoadError> {
  try {
    await loadUserStoreModule(path, ROOT);
  } catch (error) {
    expect(error).to.be.instanceOf(UserStoreModuleLoadError);
    return error as UserStoreModuleLoadError;
  }
  throw new Error(`${path} loaded`);
}

describe('loadUserStoreModule', () => {
  it('loads a CommonJS module (module.exports) with authenticate and findById, its path relative to the given directory', async () => {
    const store = await loadUserStoreModule(`${MODULES}/memoryUserStore.cjs`, ROOT);

    expect(store.name).to.equal(`${MODULES}/memoryUserStore.cjs`);
    expect(store.file).to.equal(join(ROOT, MODULES, 'memoryUserStore.cjs'));
    expect(await store.authenticate('alice', 'alice-password-1')).to.include({ id: 'u-1', account: 'alice' });
    expect(store.findById).to.be.a('function');
    expect(await store.findById!('u-1')).to.include({ account: 'alice' });
  });

  it('loads an ES module with named exports; findById is null when not exported', async () => {
    const store = await loadUserStoreModule(`./${MODULES}/memoryUserStore.mjs`, ROOT);

    expect(await store.authenticate('carol', 'carol-password-1')).to.include({ id: 'c-1' });
    expect(await store.authenticate('carol', 'wrong')).to.equal(null);
    expect(store.findById).to.equal(null);
  });

  it("loads an ES module whose default export holds the functions", async () => {
    const store = await loadUserStoreModule(join(ROOT, MODULES, 'defaultExport.mjs'), '/somewhere/else');

    expect(await store.authenticate('gina', 'gina-password-1')).to.include({ id: 'g-1' });
  });

  it('names the module and says there is no such file', async () => {
    const error = await loadError('./no/such/store.js');

    expect(error.message).to.equal(`AUTH_USER_STORE module "./no/such/store.js" cannot be loaded from ${join(ROOT, 'no/such/store.js')}: there is no such file`);
  });

  it("names the module and passes on the module's own error when loading it throws", async () => {
    const error = await loadError(`${MODULES}/throwsWhileLoading.cjs`);

    expect(error.message).to.equal(
      `AUTH_USER_STORE module "${MODULES}/throwsWhileLoading.cjs" cannot be loaded from ${join(ROOT, MODULES, 'throwsWhileLoading.cjs')}: cannot find the user database settings`,
    );
  });

  it("says how to install a package the module imports that its own folder cannot resolve (CommonJS and ESM), the first line only", async () => {
    const teamFolder = mkdtempSync(join(tmpdir(), 'team-user-store-'));
    try {
      writeFileSync(join(teamFolder, 'store.cjs'), "const { Pool } = require('pg');\nmodule.exports = { authenticate: async () => null };\n");
      writeFileSync(join(teamFolder, 'store.mjs'), "import bcrypt from 'bcryptjs/dist/bcrypt.js';\nexport const authenticate = async () => bcrypt && null;\n");

      for (const [file, name] of [['store.cjs', 'pg'], ['store.mjs', 'bcryptjs']]) {
        const error = await loadError(join(teamFolder, file));

        expect(error.message).to.equal(
          `AUTH_USER_STORE module "${join(teamFolder, file)}" cannot be loaded from ${join(teamFolder, file)}: it imports the package '${name}', which is not installed where the module can find it ` +
            `(node_modules folders from ${teamFolder} upward; this service's own packages are not on that path): run npm install ${name} in ${teamFolder}, or keep the module inside this service's folder`,
        );
      }
    } finally {
      rmSync(teamFolder, { recursive: true, force: true });
    }
  });

  it('names the module and the missing authenticate', async () => {
    const error = await loadError(`${MODULES}/withoutAuthenticate.mjs`);

    expect(error.message).to.equal(
      `AUTH_USER_STORE module "${MODULES}/withoutAuthenticate.mjs" does not export authenticate(username, password) as a function (named, or on its default export)`,
    );
  });

  it('names the module and a findById that is not a function', async () => {
    const error = await loadError(`${MODULES}/findByIdNotAFunction.cjs`);

    expect(error.message).to.equal(`AUTH_USER_STORE module "${MODULES}/findByIdNotAFunction.cjs" exports findById, but as string, not a function`);
  });
});
