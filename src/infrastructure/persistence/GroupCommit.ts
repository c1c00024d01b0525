/** Commits a batch of items in one transaction; one answer per item, in the batch's order. */
export type CommitBatch<Item, Answer> = (items: readonly Item[]) => Promise<readonly Answer[]>;

/** Items a batch takes at most, so one transaction stays short. */
export const MAX_BATCH = 64;

interface Waiting<Item, Answer> {
  readonly item: Item;
  readonly resolve: (answer: Answer) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit: while one batch is being committed, the items that arrive wait
 * and then go together into the next transaction, so a burst of writes pays
 * one commit (one wait for the disk) and one turn of the write queue instead
 * of one each. An item is answered only after its batch has committed. When a
 * batch of several fails, each of its items is committed again alone, so an
 * error is answered only to the item that causes it.
 */
export class GroupCommit<Item, Answer> {
  private waiting: Waiting<Item, Answer>[] = [];
  private draining = false;

  constructor(
    private readonly commit: CommitBatch<Item, Answer>,
    private readonly maxBatch = MAX_BATCH,
  ) {}

  submit(item: Item): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      if (await this.settled(batch)) continue;
      // Alone, each item gets its own answer or its own error.
      for (const waiting of batch) await this.settled([waiting]);
    }
    this.draining = false;
  }

  /** Commits the batch and answers every item; false, answering none, when a batch of several failed. */
  private async settled(batch: readonly Waiting<Item, Answer>[]): Promise<boolean> {
    let answers: readonly Answer[];
    try {
      answers = await this.commit(batch.map((waiting) => waiting.item));
    } catch (error) {
      if (batch.length > 1) return false;
      batch[0].reject(error);
      return true;
    }
    if (answers.length !== batch.length) {
      const error = new Error(`a batch of ${batch.length} items was given ${answers.length} answers`);
      for (const waiting of batch) waiting.reject(error);
      return true;
    }
    batch.forEach((waiting, index) => waiting.resolve(answers[index]));
    return true;
  }
}
