import { loadUserStoreModule, type LoadedUserStoreModule } from './loadUserStoreModule';

/**
 * The configured user-store module, loaded once: the composition root awaits
 * `module()` at start-up, so a module that does not load stops the service
 * there; the login and the active-user check then share that one load.
 */
export class UserStoreModuleSource {
  private loading: Promise<LoadedUserStoreModule> | null = null;

  constructor(
    private readonly path: string,
    private readonly load: (path: string) => Promise<LoadedUserStoreModule> = loadUserStoreModule,
  ) {}

  module(): Promise<LoadedUserStoreModule> {
    this.loading ??= this.load(this.path);
    return this.loading;
  }
}
