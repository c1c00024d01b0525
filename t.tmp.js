const { createLogger, asyncDestination } = require('./dist/src/infrastructure/logging/createLogger');
const d = asyncDestination('/tmp/t/x.log');
const logger = createLogger({ name: 'auth', level: 'info', destination: d });
for (let i = 0; i < 5; i++) logger.info({ i }, 'é');
logger.flush((e) => { console.log('flushed', e, require('fs').readFileSync('/tmp/t/x.log','utf8').length); });
