import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { childExecArgv, scriptPath } from './processes';

const USERS_CLI = join(__dirname, '..', '..', 'src', 'interfaces', 'composition', 'usersCli');

/**
 * Adds an active database user to the store at `databaseUrl` as an operator
 * does, through `npm run users -- add` (the password on standard input), so
 * its hash has the parameters the service gives new passwords.
 */
export function addDatabaseUser(databaseUrl: string, account: string, password: string): Promise<void> {
  const args = [...childExecArgv(), scriptPath(USERS_CLI), 'add', '--account', account, '--password-stdin', '--nick', account];
  const child = spawn(process.execPath, args, { env: { ...process.env, AUTH_DATABASE_URL: databaseUrl }, stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(`${password}\n`);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run users -- add exited with ${code}: ${stderr.trim()}`))));
  });
}
