import { join } from 'node:path';
import { childExecArgv, onFreePort, scriptPath, startProgram, startScriptFlags, type RunningServer } from './processes';

const AUTH_MAIN = join(__dirname, '..', '..', 'src', 'interfaces', 'composition', 'authServer');

/**
 * The auth service through its own entry point with the node flags `npm start`
 * gives it, on a free port, once /auth/actuator/health answers 200: how the
 * stages that need one service of their own start it (their caller stops it).
 */
export function startAuthService(env: Record<string, string>): Promise<RunningServer> {
  const args = [...startScriptFlags('start'), ...childExecArgv(), scriptPath(AUTH_MAIN)];
  return onFreePort((port) => startProgram(args, env, port, `http://127.0.0.1:${port}/auth/actuator/health`));
}
