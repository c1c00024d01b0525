import 'reflect-metadata';
import { text } from './src/infrastructure/config/envValues';
import { createDataSource } from './src/infrastructure/persistence/createDataSource';

/**
 * The TypeORM DataSource for the migration CLI, on the same AUTH_DATABASE_URL
 * (and the same entities and migrations) as the service:
 *   npm run migration:run
 *   npx typeorm-ts-node-commonjs migration:show -d ormconfig.ts
 * The service itself builds its DataSource through createDataSource too, and
 * runs pending migrations at startup.
 */
export default createDataSource(text(process.env, 'AUTH_DATABASE_URL', 'sqlite:data/auth.sqlite'));
