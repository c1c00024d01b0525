require('reflect-metadata');
const { loadAuthServerConfig } = require('../dist/src/infrastructure/config/AuthServerConfig');
const { buildAuthServer } = require('../dist/src/interfaces/composition/authServer');
(async () => {
  const m0 = process.memoryUsage();
  const auth = await buildAuthServer(loadAuthServerConfig({ AUTH_DATABASE_URL: 'sqlite:/tmp/perf/mem.sqlite', PORT: '0', LOG_LEVEL: 'warn' }));
  await auth.listen();
  global.gc && global.gc();
  const m = process.memoryUsage();
  const f = (b) => (b / 2 ** 20).toFixed(1);
  console.log('before', f(m0.rss), 'rss', f(m.rss), 'heapTotal', f(m.heapTotal), 'heapUsed', f(m.heapUsed), 'external', f(m.external), 'arrayBuffers', f(m.arrayBuffers));
  const hs = require('v8').getHeapSpaceStatistics().map((s) => `${s.space_name}:${f(s.space_size)}/${f(s.space_used_size)}`);
  console.log(hs.join(' '));
  await auth.close(); process.exit(0);
})();
