import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { UserStoreModule, UserStoreUser } from '../../src/userStore';

const ROOT = join(__dirname, '..', '..');

/** A module written against the public types: the compiler checks it (`npm run lint`), the test runs it. */
const typedStore = {
  async authenticate(username: string, password: string): Promise<UserStoreUser | null> {
    return username === 'hana' && password === 'hana-password-1' ? { id: 'h-1', account: 'hana', nickName: 'Hana', userType: '4', tenantId: null } : null;
  },
  findById: (id: string): UserStoreUser | null => (id === 'h-1' ? { id, account: 'hana', nickName: 'Hana', userType: '4' } : null),
} satisfies UserStoreModule;

describe('the user-store types (auth-service/user-store)', () => {
  it('type a module with authenticate and an optional, possibly synchronous findById', async () => {
    const store: UserStoreModule = typedStore;

    expect(await store.authenticate('hana', 'hana-password-1')).to.include({ id: 'h-1' });
    expect(await store.findById?.('h-2')).to.equal(null);
  });

  it('are published at a stable path: the package exports ./user-store from the compiled src/userStore.ts', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, { types: string; default: string }>;
      typesVersions: Record<string, Record<string, string[]>>;
    };

    expect(pkg.exports['./user-store']).to.deep.equal({ types: './dist/src/userStore.d.ts', default: './dist/src/userStore.js' });
    expect(pkg.typesVersions['*']['user-store']).to.deep.equal(['dist/src/userStore.d.ts']);
    expect(existsSync(join(ROOT, 'src', 'userStore.ts'))).to.equal(true);
  });
});
