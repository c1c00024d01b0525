import type { PublicJwk } from '../../src/domain/model/ClientJwks';
import type { ClientKeySource } from '../../src/domain/ports/ClientKeySource';

/** Key sets by URI as a test sets them: the cached answer until a fresh one is asked; every ask recorded; an unknown URI throws. */
export class FakeClientKeySource implements ClientKeySource {
  readonly asked: Array<{ uri: string; fresh: boolean }> = [];
  /** What the URI serves now. */
  readonly served = new Map<string, readonly PublicJwk[]>();
  private readonly cached = new Map<string, readonly PublicJwk[]>();

  async keysAt(uri: string, fresh: boolean): Promise<readonly PublicJwk[]> {
    this.asked.push({ uri, fresh });
    const cached = this.cached.get(uri);
    if (cached !== undefined && !fresh) return cached;
    const keys = this.served.get(uri);
    if (keys === undefined) throw new Error(`nothing served at ${uri}`);
    this.cached.set(uri, keys);
    return keys;
  }
}
