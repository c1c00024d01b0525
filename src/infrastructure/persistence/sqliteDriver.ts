import sqlite3 from 'sqlite3';

/**
 * sqlite3 as TypeORM's SQLite driver, without sqlite3's verbose mode. TypeORM calls `verbose()` on the
 * driver it is given (or on sqlite3 itself), and verbose mode wraps every Database and Statement method,
 * for the whole process, to capture a stack and `util.inspect` every argument on every call: the SQL and
 * its bound values (password hashes, token digests, client-secret hashes) then sit in the stack of any
 * query error, where a log line can carry them, and every call pays for it (5 % of the busy time in a
 * profile of the unit and integration tests; no measurable change on the login bench). Here `verbose()`
 * hands TypeORM sqlite3 itself.
 */
export const sqliteDriver = { verbose: (): typeof sqlite3 => sqlite3 };
