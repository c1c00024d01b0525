import type { IdTokenHint, IdTokenHints } from '../../src/domain/ports/IdTokenHints';

/** Hints by their text: the ones a test declares read as given; anything else is no ID token of ours. */
export class FakeIdTokenHints implements IdTokenHints {
  readonly readHints: string[] = [];

  constructor(private readonly known: Readonly<Record<string, IdTokenHint>> = {}) {}

  read(hint: string): IdTokenHint | null {
    this.readHints.push(hint);
    return Object.hasOwn(this.known, hint) ? this.known[hint] : null;
  }
}
