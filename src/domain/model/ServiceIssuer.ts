/**
 * The issuer this service signs and verifies tokens with, settled once at
 * start-up (configured or read from the shared store). Read on each use, so
 * components built before start-up finished see the settled value.
 */
export class ServiceIssuer {
  private current: string | null = null;

  use(issuer: string): void {
    this.current = issuer;
  }

  get value(): string {
    if (this.current === null) throw new Error('the issuer is settled at start-up, before anything signs or verifies');
    return this.current;
  }
}
