/** Tells the parent (bench runner or cluster primary) that a server listens, and answers its memory questions. */
export function announce(port: number, pids: readonly number[] = [process.pid]): void {
  process.on('message', (message: { memory?: boolean }) => {
    if (message.memory) process.send?.({ memory: process.memoryUsage() });
  });
  process.send?.({ ready: true, port, pids });
}

/** The listening port requested by the parent; 0 picks a free one. */
export function requestedPort(): number {
  return Number(process.env.PORT ?? '0');
}
