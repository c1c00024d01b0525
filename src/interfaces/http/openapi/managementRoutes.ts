import { EXAMPLE_BASE_URL, HEALTH_EXAMPLE } from './examples';
import type { RouteDocument } from './openApiTypes';
import { jsonResponse } from './responses';
import { fileResponse, PUBLIC } from './routeHelpers';
import { ref } from './schemas';

/** The actuator's management endpoints (not enveloped; no token). */
export const MANAGEMENT_ROUTES: readonly RouteDocument[] = [
  {
    method: 'get',
    path: '/actuator',
    operation: {
      operationId: 'actuatorIndex',
      tags: ['Management'],
      summary: 'Links to the management endpoints',
      security: PUBLIC,
      responses: {
        '200': jsonResponse('The links (not enveloped).', ref('ActuatorLinks'), {
          _links: {
            self: { href: `${EXAMPLE_BASE_URL}/actuator`, templated: false },
            health: { href: `${EXAMPLE_BASE_URL}/actuator/health`, templated: false },
            info: { href: `${EXAMPLE_BASE_URL}/actuator/info`, templated: false },
            prometheus: { href: `${EXAMPLE_BASE_URL}/actuator/prometheus`, templated: false },
          },
        }),
      },
    },
  },
  {
    method: 'get',
    path: '/actuator/health',
    operation: {
      operationId: 'health',
      tags: ['Management'],
      summary: 'Health of the database and the signing key',
      security: PUBLIC,
      responses: {
        '200': jsonResponse('Every component is UP (not enveloped).', ref('Health'), HEALTH_EXAMPLE),
        '503': jsonResponse('At least one component is DOWN, e.g. the database is unreachable (not enveloped).', ref('Health'), {
          status: 'DOWN',
          components: { ...HEALTH_EXAMPLE.components, db: { status: 'DOWN', details: { database: 'sqlite', error: 'database unreachable' } } },
        }),
      },
    },
  },
  {
    method: 'get',
    path: '/actuator/health/liveness',
    operation: {
      operationId: 'healthLiveness',
      tags: ['Management'],
      summary: 'Liveness group: the process answers (stays UP while it drains)',
      security: PUBLIC,
      responses: {
        '200': jsonResponse('The process is alive (not enveloped).', ref('Health'), { status: 'UP', components: { livenessState: { status: 'UP', details: {} } } }),
      },
    },
  },
  {
    method: 'get',
    path: '/actuator/health/readiness',
    operation: {
      operationId: 'healthReadiness',
      tags: ['Management'],
      summary: 'Readiness group: whether this instance wants new traffic',
      description:
        'DOWN (503) from the moment a shutdown begins (SIGTERM), while the instance still answers for AUTH_SHUTDOWN_GRACE_MS ' +
        'as usual, so a load balancer can take it out before it stops accepting connections.',
      security: PUBLIC,
      responses: {
        '200': jsonResponse('Accepting traffic (not enveloped).', ref('Health'), { status: 'UP', components: { readinessState: { status: 'UP', details: {} } } }),
        '503': jsonResponse('Shutting down: refusing new traffic (not enveloped).', ref('Health'), {
          status: 'DOWN',
          components: { readinessState: { status: 'DOWN', details: { state: 'REFUSING_TRAFFIC' } } },
        }),
      },
    },
  },
  {
    method: 'get',
    path: '/actuator/info',
    operation: {
      operationId: 'info',
      tags: ['Management'],
      summary: 'Name, version and sign method',
      security: PUBLIC,
      responses: {
        '200': jsonResponse('The information (not enveloped).', ref('Info'), { name: 'auth', version: '1.0.0', signMethod: 'rsa', alg: 'RS256' }),
      },
    },
  },
  {
    method: 'get',
    path: '/actuator/prometheus',
    operation: {
      operationId: 'prometheus',
      tags: ['Management'],
      summary: 'Metrics in the Prometheus text format',
      description:
        'Request durations by route and status, logins by outcome, token verification failures by reason, ' +
        'signing-key age, and the default process metrics.',
      security: PUBLIC,
      responses: {
        '200': fileResponse('Prometheus exposition text (not enveloped).', 'text/plain; version=0.0.4'),
      },
    },
  },
];
