'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS module, as a team would write it */
/**
 * A user-store module (AUTH_USER_STORE=module:examples/user-store/postgres-bcrypt.js)
 * for an existing PostgreSQL table whose passwords are bcrypt hashes: see
 * docs/user-store.md for the table, the settings and the contract.
 *
 *   USER_DB_URL          connection string of your database (a read-only role is enough)
 *   USER_DB_BCRYPT_COST  cost of your stored hashes (default 10): the dummy hash is made with it
 *
 * Its exports follow the UserStoreModule type of `auth-service/user-store`.
 */
const { randomBytes } = require('node:crypto');
const { Pool } = require('pg');
const bcrypt = require('bcryptjs');

if (!process.env.USER_DB_URL) throw new Error('USER_DB_URL is not set: the connection string of the users database');

const pool = new Pool({
  connectionString: process.env.USER_DB_URL,
  max: 4,
  // An unreachable database fails the login within seconds (503, Retry-After), instead of holding it.
  connectionTimeoutMillis: 5000,
  statement_timeout: 5000,
});
// A pool error (a dropped idle connection) must not end the service; the next query reconnects.
pool.on('error', () => undefined);

/** Compared against when no row matches, so an unknown account costs what a wrong password costs. */
const DUMMY_HASH = bcrypt.hashSync(randomBytes(16).toString('hex'), Number(process.env.USER_DB_BCRYPT_COST || 10));

const COLUMNS = 'id::text AS id, login, display_name, email, phone, is_active, password_hash';

/** Your row in the contract's terms; only these fields reach the service (never the hash). */
function userOf(row) {
  return { id: row.id, account: row.login, nickName: row.display_name, userType: '4', email: row.email, telephone: row.phone };
}

async function authenticate(username, password) {
  const { rows } = await pool.query(`SELECT ${COLUMNS} FROM app_users WHERE lower(login) = lower($1)`, [username]);
  const row = rows[0];
  const matches = await bcrypt.compare(password, row ? row.password_hash : DUMMY_HASH);
  if (!row || !matches || !row.is_active) return null;
  return userOf(row);
}

async function findById(id) {
  // Ids are bigserial numbers: anything else names nobody (and would make the cast fail).
  if (!/^\d{1,18}$/.test(id)) return null;
  const { rows } = await pool.query(`SELECT ${COLUMNS} FROM app_users WHERE id = $1 AND is_active`, [id]);
  return rows[0] ? userOf(rows[0]) : null;
}

/** Not part of the contract: lets a test (or your own shutdown hook) close the pool. */
function close() {
  return pool.end();
}

module.exports = { authenticate, findById, close };
