import type { PublicKeyResponse, PublicKeySource } from '../../src/index';

type Next = { response: PublicKeyResponse } | { error: Error } | { pending: Promise<PublicKeyResponse> };

/** A key source answering whatever the test queued; the last answer repeats. */
export class FakePublicKeySource implements PublicKeySource {
  calls = 0;
  private next: Next = { error: new Error('nothing queued') };

  async fetch(): Promise<PublicKeyResponse> {
    this.calls++;
    const next = this.next;
    if ('response' in next) return next.response;
    if ('pending' in next) return next.pending;
    throw next.error;
  }

  answer(success: boolean, data: string | null): void {
    this.next = { response: { success, data } };
  }

  fail(error: Error): void {
    this.next = { error };
  }

  /** Holds every fetch until the returned function is called with the answer. */
  hold(): (response: PublicKeyResponse) => void {
    let release!: (response: PublicKeyResponse) => void;
    this.next = { pending: new Promise((resolve) => (release = resolve)) };
    return release;
  }
}
