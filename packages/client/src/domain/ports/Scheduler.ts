/** Runs a task on a recurring schedule (the client's key refresh). */
export interface Scheduler {
  /** Starts calling `task` on the schedule; calling it again while running does nothing. */
  start(task: () => Promise<unknown>): void;
  stop(): Promise<void>;
  /** When the task runs next; null while stopped. */
  nextRunAt(): Date | null;
}
