/**
 * The few OpenAPI 3.1 shapes this service writes. Schemas are JSON Schema
 * 2020-12 objects, kept loose on purpose: the document is data, checked by tests.
 */
export type JsonSchema = Readonly<Record<string, unknown>>;

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

export interface MediaType {
  readonly schema: JsonSchema;
  readonly example?: unknown;
  readonly examples?: Readonly<Record<string, { readonly summary?: string; readonly value: unknown }>>;
}

export interface ResponseObject {
  readonly description: string;
  readonly headers?: Readonly<Record<string, { readonly description: string; readonly required?: boolean; readonly schema: JsonSchema }>>;
  readonly content?: Readonly<Record<string, MediaType>>;
  /** OpenAPI extension: this response may also come without a body (RFC 6750 §3.1's bare challenge). */
  readonly 'x-body-optional'?: boolean;
}

export interface Reference {
  readonly $ref: string;
}

export interface ParameterObject {
  readonly name: string;
  readonly in: 'query' | 'header' | 'path' | 'cookie';
  readonly required?: boolean;
  /** Still accepted, kept for older callers; a better way is documented. */
  readonly deprecated?: boolean;
  readonly description?: string;
  readonly schema: JsonSchema;
  readonly example?: unknown;
}

export interface OperationObject {
  readonly operationId: string;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  /** `[]` marks a route reachable without a token; omitted means the document's bearer default. */
  readonly security?: ReadonlyArray<Readonly<Record<string, readonly string[]>>>;
  readonly parameters?: readonly ParameterObject[];
  readonly requestBody?: { readonly required: boolean; readonly content: Readonly<Record<string, MediaType>> };
  readonly responses: Readonly<Record<string, ResponseObject | Reference>>;
}

/** One route of the service: where it lives and what it does. */
export interface RouteDocument {
  readonly method: HttpMethod;
  /** OpenAPI path (`{name}` templates), relative to the context path unless `outsideContextPath`. */
  readonly path: string;
  /** For routes served from the server root (e.g. `/.well-known/…`) rather than under the context path. */
  readonly outsideContextPath?: boolean;
  readonly operation: OperationObject;
}
