const { LoadGenerator } = require('../dist/bench/lib/load');
const { startProgram, onFreePort } = require('../dist/bench/lib/processes');
const { sustained } = require('../dist/bench/lib/sustained');
const { loginJob, issueToken } = require('../dist/bench/lib/authCalls');
const flags = process.argv.slice(2);
(async () => {
  const load = new LoadGenerator();
  const servers = [];
  for (const [i, flag] of flags.entries()) {
    const args = flag === 'none' ? [] : [flag];
    servers.push(await onFreePort((port) => startProgram([...args, 'dist/src/interfaces/composition/authServer.js'], { AUTH_DATABASE_URL: `sqlite:/tmp/perf/semi-${i}.sqlite`, AUTH_LOGIN_MAX_ATTEMPTS: '100000', ...(process.env['ARENA'+i] ? { MALLOC_ARENA_MAX: process.env['ARENA'+i] } : {}) }, port, `http://127.0.0.1:${port}/auth/actuator/health`)));
  }
  const opts = { seconds: Number(process.env.S || 4), warmupSeconds: 1, connections: 50, rounds: 2 };
  const r = await sustained(load, servers.map((s, i) => ({ label: `login ${flags[i]}`, server: s, job: loginJob(s.port) })), opts, console.log);
  servers.forEach((s, i) => console.log(flags[i], 'rss after login', (s.rss() / 2 ** 20).toFixed(0)));
  const gets = [];
  for (const [i, s] of servers.entries()) gets.push({ label: `get ${flags[i]}`, server: s, job: { url: `http://127.0.0.1:${s.port}/auth/current/user/details`, headers: { authorization: `Bearer ${await issueToken(s.port)}` } } });
  await sustained(load, gets, opts, console.log);
  servers.forEach((s, i) => console.log(flags[i], 'rss after get', (s.rss() / 2 ** 20).toFixed(0)));
  for (const s of servers) await s.stop();
  load.close();
})();
