import type { LoadedUserStoreModule } from '../../../../../src/infrastructure/auth/userStoreModule/loadUserStoreModule';
import type { UserStoreModuleSource } from '../../../../../src/infrastructure/auth/userStoreModule/UserStoreModuleSource';

/** A loaded module whose answers a test sets; records what it was asked. */
export class FakeUserStoreModule implements Pick<UserStoreModuleSource, 'module'> {
  readonly asked: string[] = [];
  authenticateAnswer: () => unknown = () => null;
  findByIdAnswer: (() => unknown) | null = null;

  async module(): Promise<LoadedUserStoreModule> {
    return {
      name: './team-store.js',
      file: '/srv/team-store.js',
      authenticate: ((username: string, password: string) => {
        this.asked.push(`authenticate ${username} ${password}`);
        return this.authenticateAnswer();
      }) as LoadedUserStoreModule['authenticate'],
      findById:
        this.findByIdAnswer === null
          ? null
          : (((id: string) => {
              this.asked.push(`findById ${id}`);
              return this.findByIdAnswer!();
            }) as NonNullable<LoadedUserStoreModule['findById']>),
    };
  }
}

/** The hashing bound, counting the work run under it; `busy` makes it refuse as a full queue does. */
export class CountingGate {
  runs = 0;
  refusal: Error | null = null;

  async gated<T>(work: () => Promise<T>): Promise<T> {
    if (this.refusal) throw this.refusal;
    this.runs++;
    return work();
  }
}
