import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { nodeArgsFor } from './entryPoint';

const ROOT = join(__dirname, '..', '..');
const ENTRY = join(ROOT, 'src', 'interfaces', 'composition', 'authServer.ts');

/**
 * Starts the auth service's entry point (`npm start`'s), collects its JSON log lines until it
 * listens, then stops it with SIGTERM; rejects with its stderr when it never listened.
 */
export function startUntilListening(env: Record<string, string>): Promise<Array<Record<string, unknown>>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, nodeArgsFor(ENTRY), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const entries: Array<Record<string, unknown>> = [];
    let pending = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        const entry = JSON.parse(line) as Record<string, unknown>;
        entries.push(entry);
        if (entry.msg === 'auth service listening') child.kill('SIGTERM');
      }
    });
    child.on('error', reject);
    child.on('close', (code) => (entries.some((entry) => entry.msg === 'auth service listening') ? resolve(entries) : reject(new Error(`exited ${code}: ${stderr}`))));
  });
}
