import type { HealthIndicator } from './actuator';

/**
 * Whether this process wants new traffic (Spring's readiness state). It stops
 * wanting it when a shutdown begins, while it still answers everything that
 * reaches it, so a load balancer or orchestrator can take it out first.
 */
export class Readiness {
  private accepting = true;

  get acceptingTraffic(): boolean {
    return this.accepting;
  }

  refuseTraffic(): void {
    this.accepting = false;
  }
}

/** `readinessState`: UP while accepting traffic, DOWN (503) once a shutdown has begun. */
export function readinessStateHealth(readiness: Readiness): HealthIndicator {
  return {
    name: 'readinessState',
    check: async () => (readiness.acceptingTraffic ? { status: 'UP', details: {} } : { status: 'DOWN', details: { state: 'REFUSING_TRAFFIC' } }),
  };
}

/** `livenessState`: UP whenever the process can answer at all; a draining process is still alive. */
export function livenessStateHealth(): HealthIndicator {
  return { name: 'livenessState', check: async () => ({ status: 'UP', details: {} }) };
}

/** Readiness DOWN at once, then `graceMs` of answering as usual, so a proxy that watches readiness takes the instance out. */
export async function beginDrain(readiness: Readiness, graceMs: number): Promise<void> {
  readiness.refuseTraffic();
  await new Promise((resolve) => setTimeout(resolve, graceMs));
}
