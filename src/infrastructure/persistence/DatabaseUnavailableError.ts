/** The database could not be opened (connected and migrated) within the allowed time. */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  override readonly name = 'DatabaseUnavailableError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
