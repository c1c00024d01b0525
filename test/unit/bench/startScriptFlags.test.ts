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
  /** The demo client answers ~10,000 short GETs a second: more full GCs cost it more than the RSS they save. */
  const DEMO_FLAGS = ['--max-semi-space-size=4'];

  it('are the memory flags of each service, as the bench reads them', () => {
    expect(startScriptFlags('start')).to.deep.equal(MEMORY_FLAGS);
    expect(startScriptFlags('start:client')).to.deep.equal(DEMO_FLAGS);
  });

  it('are the flags deploy/run-local.sh starts each instance with', () => {
    const script = readFileSync(join(__dirname, '..', '..', '..', 'deploy', 'run-local.sh'), 'utf8');
    expect(script).to.contain(`node ${MEMORY_FLAGS.join(' ')} dist/src/interfaces/composition/authServer.js`);
  });

  it('are accepted by this node', () => {
    for (const flags of [MEMORY_FLAGS, DEMO_FLAGS]) {
      const run = spawnSync(process.execPath, [...flags, '-e', 'process.exit(0)'], { encoding: 'utf8' });
      expect(run.stderr, flags.join(' ')).to.equal('');
      expect(run.status, flags.join(' ')).to.equal(0);
    }
  });
});
