const { LoadGenerator } = require('../dist/bench/lib/load');
const { startProgram, onFreePort } = require('../dist/bench/lib/processes');
const { loginJob, issueToken } = require('../dist/bench/lib/authCalls');
const flags = process.argv.slice(2);
(async () => {
  const load = new LoadGenerator();
  for (const flag of flags) {
    const args = flag === 'none' ? [] : [flag];
    const s = await onFreePort((port) => startProgram([...args, 'dist/src/interfaces/composition/authServer.js'], { AUTH_DATABASE_URL: `sqlite:/tmp/perf/semi-${Date.now()}.sqlite`, AUTH_LOGIN_MAX_ATTEMPTS: '100000' }, port, `http://127.0.0.1:${port}/auth/actuator/health`));
    const rss0 = s.rss() / 2 ** 20;
    await load.run({ ...loginJob(s.port), connections: 50, seconds: 2 });
    const c0 = s.cpuNs();
    const r = await load.run({ ...loginJob(s.port), connections: 50, seconds: 8 });
    const cpu = (s.cpuNs() - c0) / 1e9;
    const token = await issueToken(s.port);
    const g = await load.run({ url: `http://127.0.0.1:${s.port}/auth/current/user/details`, headers: { authorization: `Bearer ${token}` }, connections: 50, seconds: 4 });
    console.log(flag, 'login', r.reqPerSec.toFixed(0), 'req/s', (r.requests / cpu).toFixed(0), 'req/CPU-s', 'get', g.reqPerSec.toFixed(0), 'rss start', rss0.toFixed(0), 'after', (s.rss() / 2 ** 20).toFixed(0), 'MB');
    await s.stop();
  }
  load.close();
})();
