import { Router, type Request, type Response } from 'express';
import { operatorJsonSender } from './operatorJson';

export type HealthStatus = 'UP' | 'DOWN';

export interface HealthComponent {
  readonly status: HealthStatus;
  readonly details: Record<string, unknown>;
}

/** One part of the health answer (database, signing key, client key, …). */
export interface HealthIndicator {
  readonly name: string;
  check(): Promise<HealthComponent>;
}

export interface ActuatorOptions {
  readonly indicators: readonly HealthIndicator[];
  readonly info: () => Record<string, unknown>;
  /** Spring-style health groups at `health/<name>` (e.g. `liveness`, `readiness`), each with its own indicators. */
  readonly groups?: Readonly<Record<string, readonly HealthIndicator[]>>;
  /** Other management endpoints mounted beside this router (e.g. `prometheus`), listed in the index. */
  readonly alsoExposed?: readonly string[];
}

/** Longest a health check may take before its component counts as DOWN. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Spring-Boot-style management endpoints, mounted at `<context>/actuator`.
 * Not enveloped (monitoring tools read this shape); details always shown.
 */
export function actuatorRouter(options: ActuatorOptions): Router {
  const router = Router();

  router.get('/', (req, res) => {
    // Path-only links: the Host header is the client's to choose, so it is never echoed.
    const base = req.baseUrl;
    res.json({
      _links: {
        self: link(base),
        health: link(`${base}/health`),
        info: link(`${base}/info`),
        ...Object.fromEntries((options.alsoExposed ?? []).map((name) => [name, link(`${base}/${name}`)])),
      },
    });
  });

  const sendHealth = operatorJsonSender();
  router.get('/health', async (_req: Request, res) => {
    const { status, components } = await aggregate(options.indicators);
    sendOperatorJson(sendHealth, res, status === 'UP' ? 200 : 503, { status, components });
  });

  for (const [name, indicators] of Object.entries(options.groups ?? {})) {
    const sendGroup = operatorJsonSender();
    router.get(`/health/${name}`, async (_req: Request, res) => {
      const { status, components } = await aggregate(indicators);
      sendOperatorJson(sendGroup, res, status === 'UP' ? 200 : 503, { status, components });
    });
  }

  const sendInfo = operatorJsonSender();
  router.get('/info', (_req, res) => {
    sendOperatorJson(sendInfo, res, 200, options.info());
  });

  return router;
}

async function aggregate(indicators: readonly HealthIndicator[]): Promise<{ status: HealthStatus; components: Record<string, HealthComponent> }> {
  const components: Record<string, HealthComponent> = {};
  for (const indicator of indicators) components[indicator.name] = await checked(indicator);
  const status: HealthStatus = Object.values(components).every((c) => c.status === 'UP') ? 'UP' : 'DOWN';
  return { status, components };
}

/**
 * JSON for operators and monitoring tools: times in ISO 8601 with offset (UTC, `…Z`), as in the logs and CLIs.
 * Not `res.json`, whose app-wide replacer writes the envelope's contract format (`yyyy-MM-dd HH:mm:ss`, GMT+8).
 */
function sendOperatorJson(send: ReturnType<typeof operatorJsonSender>, res: Response, status: number, body: unknown): void {
  send(res, status, JSON.stringify(body));
}

function link(href: string): { href: string; templated: boolean } {
  return { href, templated: false };
}

async function checked(indicator: HealthIndicator): Promise<HealthComponent> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<HealthComponent>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'DOWN', details: { error: 'timed out' } }), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([indicator.check(), timeout]);
  } catch (error) {
    return { status: 'DOWN', details: { error: error instanceof Error ? error.message : 'check failed' } };
  } finally {
    clearTimeout(timer);
  }
}
