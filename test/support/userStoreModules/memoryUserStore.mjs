/**
 * The same well-behaved store as an ES module with named exports: `carol`,
 * password `carol-password-1`; the disabled `dave`, same password. No findById.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const derive = promisify(scrypt);
const COST = { N: 1024, r: 8, p: 1 };
const dummy = { salt: randomBytes(16), hash: randomBytes(32) };

async function entryFor(user, password, disabled) {
  const salt = randomBytes(16);
  return [user.account, { user, salt, hash: await derive(password, salt, 32, COST), disabled }];
}

const users = new Map([
  await entryFor({ id: 'c-1', account: 'carol', nickName: 'Carol', userType: '4', tenantId: null }, 'carol-password-1', false),
  await entryFor({ id: 'c-2', account: 'dave', nickName: 'Dave', userType: '4' }, 'carol-password-1', true),
]);

export async function authenticate(username, password) {
  const entry = users.get(username.toLowerCase());
  const stored = entry ?? dummy;
  const matches = timingSafeEqual(await derive(password, stored.salt, 32, COST), stored.hash);
  return entry && matches && !entry.disabled ? { ...entry.user } : null;
}
