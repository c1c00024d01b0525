import type { KeySummary } from '../../domain/model/ManagedSigningKey';
import type { KeyLifecycleStore } from '../../domain/ports/KeyLifecycleStore';

/** Every signing key's kid, method, algorithm, state and dates, oldest first: never key material. */
export class ListSigningKeys {
  constructor(private readonly keys: Pick<KeyLifecycleStore, 'describeKeys'>) {}

  execute(): Promise<KeySummary[]> {
    return this.keys.describeKeys();
  }
}
