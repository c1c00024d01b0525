import { CreateSigningKeys1732240000000 } from './1732240000000-CreateSigningKeys';
import { AddKeyLifecycle1732250000000 } from './1732250000000-AddKeyLifecycle';
import { CreateUsers1732300000000 } from './1732300000000-CreateUsers';
import { AddAccountKey1732400000000 } from './1732400000000-AddAccountKey';

/** Every migration, in order; the DataSource and the CLI both use this list. */
export const migrations = [CreateSigningKeys1732240000000, AddKeyLifecycle1732250000000, CreateUsers1732300000000, AddAccountKey1732400000000];
