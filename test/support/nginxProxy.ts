import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectError } from './rawConnection';

const DEPLOY_CONF = join(__dirname, '..', '..', 'deploy', 'nginx.conf');

/** The nginx binary, or null when it is not installed (Debian: apt-get install nginx). */
export function nginxBinary(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null;
}

/** The response header that names the instance(s) nginx sent a request to (`$upstream_addr`). */
export const UPSTREAM_HEADER = 'x-upstream';

/**
 * The shipped deploy/nginx.conf, run as is except for its ports and one added
 * response header (UPSTREAM_HEADER, so a test sees which instance answered):
 * listening on `port` in front of `upstreams`, in the foreground (`daemon off`),
 * with its prefix, pid, logs and temp files in a directory of its own.
 */
export class NginxProxy {
  private constructor(
    private readonly child: ChildProcess,
    readonly dir: string,
    readonly port: number,
  ) {}

  static async start(binary: string, port: number, upstreams: readonly [number, number]): Promise<NginxProxy> {
    const dir = mkdtempSync(join(tmpdir(), 'auth-nginx-'));
    mkdirSync(join(dir, 'tmp'));
    const conf = readFileSync(DEPLOY_CONF, 'utf8')
      .replace('127.0.0.1:18500', `127.0.0.1:${port}`)
      .replace('127.0.0.1:18501', `127.0.0.1:${upstreams[0]}`)
      .replace('127.0.0.1:18502', `127.0.0.1:${upstreams[1]}`)
      .replace(/location \/ \{/g, `location / {\n      add_header ${UPSTREAM_HEADER} $upstream_addr always;`);
    writeFileSync(join(dir, 'nginx.conf'), conf);
    const child = spawn(binary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: 'ignore' });
    const proxy = new NginxProxy(child, dir, port);
    for (let i = 0; (await connectError(port)) !== 'connected'; i++) {
      if (child.exitCode !== null || i > 100) {
        const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
        await proxy.stop();
        throw new Error(`nginx did not start: ${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return proxy;
  }

  /** nginx's error log so far (upstream resets and refusals are logged there). */
  errorLog(): string {
    const file = join(this.dir, 'error.log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
