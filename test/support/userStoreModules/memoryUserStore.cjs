'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS module on purpose: the service loads both kinds */
/**
 * A well-behaved user-store module for the tests (CommonJS): users in memory
 * with scrypt hashes, a dummy hash for unknown accounts, `null` for every
 * failure, findById. Seeded with `alice` (password `alice-password-1`) and the
 * disabled `bob` (same password). The extra exports let a test change the
 * store behind the service's back, as a team's own tools would.
 */
const { randomBytes, scrypt, timingSafeEqual } = require('node:crypto');

const COST = { N: 1024, r: 8, p: 1 };
const users = new Map();
const dummy = { salt: randomBytes(16), hash: randomBytes(32) };
let fault = null;

function derive(password, salt) {
  return new Promise((resolve, reject) => scrypt(password, salt, 32, COST, (error, key) => (error ? reject(error) : resolve(key))));
}

async function addUser(user, password, disabled = false) {
  const salt = randomBytes(16);
  users.set(user.account.toLowerCase(), { user, salt, hash: await derive(password, salt), disabled });
}

function setDisabled(account, disabled) {
  users.get(account.toLowerCase()).disabled = disabled;
}

function removeUser(account) {
  users.delete(account.toLowerCase());
}

/**
 * `malformed:<field>` makes the users returned carry a number in that field; `throw` makes every call throw;
 * `slow:<ms>` makes authenticate take that long more (a store under load).
 */
function misbehave(mode) {
  fault = mode;
}

function answer(user) {
  if (fault === 'throw') throw new Error('connection to the user database lost');
  if (fault && fault.startsWith('malformed:')) return { ...user, [fault.slice('malformed:'.length)]: 42 };
  return { ...user };
}

async function authenticate(username, password) {
  if (fault && fault.startsWith('slow:')) await new Promise((resolve) => setTimeout(resolve, Number(fault.slice('slow:'.length))));
  const entry = users.get(username.toLowerCase());
  const stored = entry ?? dummy;
  const matches = timingSafeEqual(await derive(password, stored.salt), stored.hash);
  if (!entry || !matches || entry.disabled) return null;
  return answer(entry.user);
}

async function findById(id) {
  for (const entry of users.values()) if (entry.user.id === id) return entry.disabled ? null : answer(entry.user);
  return null;
}

const seeded = Promise.all([
  addUser({ id: 'u-1', account: 'alice', nickName: 'Alice', userType: '4', email: 'alice@example.com' }, 'alice-password-1'),
  addUser({ id: 'u-2', account: 'bob', nickName: 'Bob', userType: '4' }, 'alice-password-1', true),
]);

module.exports = {
  authenticate: async (username, password) => (await seeded, authenticate(username, password)),
  findById: async (id) => (await seeded, findById(id)),
  addUser,
  setDisabled,
  removeUser,
  misbehave,
};
