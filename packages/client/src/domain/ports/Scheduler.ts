/** Runs a task on a recurring schedule (the client's key refresh). */
export interface Scheduler {
  /**
   * Starts calling `task` on the schedule; calling it again while running does nothing. May return
   * work it starts at once besides (never rejecting), which the caller's start-up then waits for.
   */
  start(task: () => Promise<unknown>): void | Promise<unknown>;
  stop(): Promise<void>;
  /** When the task runs next; null while stopped. */
  nextRunAt(): Date | null;
}
