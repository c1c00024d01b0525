import type { StoreChange, StoreChangeListener } from '../../src/infrastructure/persistence/cache/StoreChange';

/** Every call a change feed made, in order: `change <topic>:<key>`, `lost`, `resumed`. */
export class RecordingStoreChangeListener implements StoreChangeListener {
  readonly calls: string[] = [];

  changed(change: StoreChange): void {
    this.calls.push(`change ${change.topic}:${change.key}`);
  }

  lost(): void {
    this.calls.push('lost');
  }

  resumed(): void {
    this.calls.push('resumed');
  }
}
