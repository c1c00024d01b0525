import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { startScriptFlags } from '../../../bench/lib/processes';

/**
 * The memory flags the services start with (docs/performance.md, "Memory"):
 * the bench reads them from package.json, deploy/run-local.sh repeats them, and
 * node must accept them (an unknown flag stops node before the service starts).
 */
describe('the services’ node flags (npm start, npm run start:client)', () => {
  const MEMORY_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];

  it('are the same memory flags for both services, as the bench reads them', () => {
    expect(startScriptFlags('start')).to.deep.equal(MEMORY_FLAGS);
    expect(startScriptFlags('start:client')).to.deep.equal(MEMORY_FLAGS);
  });

  it('are the flags deploy/run-local.sh starts each instance with', () => {
    const script = readFileSync(join(__dirname, '..', '..', '..', 'deploy', 'run-local.sh'), 'utf8');
    expect(script).to.contain(`node ${MEMORY_FLAGS.join(' ')} dist/src/interfaces/composition/authServer.js`);
  });

  it('are accepted by this node', () => {
    const run = spawnSync(process.execPath, [...MEMORY_FLAGS, '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(run.stderr).to.equal('');
    expect(run.status).to.equal(0);
  });
});
