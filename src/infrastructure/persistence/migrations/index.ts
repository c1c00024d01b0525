import { CreateSigningKeys1732240000000 } from './1732240000000-CreateSigningKeys';

/** Every migration, in order; the DataSource and the CLI both use this list. */
export const migrations = [CreateSigningKeys1732240000000];
