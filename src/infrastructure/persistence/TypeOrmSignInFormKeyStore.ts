import type { DataSource } from 'typeorm';
import type { SignInFormKeyStore } from '../../domain/ports/SignInFormKeyStore';
import { retryingTransaction } from './retryingTransaction';
import { ServiceSettingEntity } from './ServiceSettingEntity';

const SIGN_IN_FORM_KEY = 'signin_form_key';

/** The sign-in form's key in `service_settings`, on SQLite or PostgreSQL. */
export class TypeOrmSignInFormKeyStore implements SignInFormKeyStore {
  constructor(private readonly dataSource: DataSource) {}

  async recordKeyIfAbsent(key: string): Promise<string> {
    return retryingTransaction(this.dataSource, async (manager) => {
      // INSERT … ON CONFLICT DO NOTHING: the primary key decides a first-start race, everyone re-reads the winner.
      await manager.createQueryBuilder().insert().into(ServiceSettingEntity).values({ name: SIGN_IN_FORM_KEY, value: key }).orIgnore().execute();
      const recorded = await manager.findOneBy(ServiceSettingEntity, { name: SIGN_IN_FORM_KEY });
      if (!recorded) throw new Error('the store holds no sign-in form key after recording one');
      return recorded.value;
    });
  }
}
