/** Unguessable identifiers (token ids). */
export interface IdGenerator {
  next(): string;
}
