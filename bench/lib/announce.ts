/** Tells the parent (bench runner or cluster primary) that a server listens. */
export function announce(port: number, pids: readonly number[] = [process.pid]): void {
  process.send?.({ ready: true, port, pids });
}

/** The listening port requested by the parent; 0 picks a free one. */
export function requestedPort(): number {
  return Number(process.env.PORT ?? '0');
}
