import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** What the validator needs of a response (supertest's Response has all of it). */
export interface CheckedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body?: unknown;
  readonly text?: string;
}

type Json = Record<string, unknown>;

interface Operation {
  readonly template: string;
  readonly pattern: RegExp;
  readonly responses: Json;
  readonly pointer: string;
}

/** What may answer a request no operation documents: no such route, or a URL that does not decode. */
const UNDOCUMENTED_REQUEST_RESPONSES: Readonly<Record<number, string>> = {
  404: '#/components/responses/NotFound',
  400: '#/components/responses/BadRequest',
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function regexpOf(prefix: string, template: string): RegExp {
  const full = `${prefix.replace(/\/$/, '')}${template}`;
  // A `{path}` or `{file}` parameter of a file route may contain slashes; any other is one path segment.
  const source = full
    .split(/(\{[^}]+\})/)
    .map((part) => (['{path}', '{file}'].includes(part) ? '.+' : part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

function mediaTypeOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(';')[0].trim().toLowerCase();
}

/**
 * Checks real responses against one OpenAPI 3.1 document: the status must be
 * documented for the operation, every declared header that is present must match
 * its schema (and be present when `required`), and a JSON body must match the
 * schema of its media type (Ajv, JSON Schema 2020-12, formats checked). A request
 * no operation documents may only be answered with the `NotFound` (404) or
 * `BadRequest` (400: a URL that does not decode) response, except express's own
 * answer to OPTIONS on a documented path.
 */
export class OpenApiResponseValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly operations = new Map<string, Operation[]>();
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: Json) {
    addFormats(this.ajv);
    this.ajv.addFormat('password', true);
    this.ajv.addSchema(document, 'openapi.json');
    const prefix = ((document.servers as Array<{ url: string }> | undefined)?.[0]?.url ?? '/').replace(/\/$/, '');
    for (const [template, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
      const itemPrefix = (item.servers as Array<{ url: string }> | undefined)?.[0]?.url ?? prefix;
      for (const method of METHODS) {
        const operation = item[method] as Json | undefined;
        if (!operation) continue;
        const list = this.operations.get(method) ?? [];
        list.push({
          template,
          pattern: regexpOf(itemPrefix, template),
          responses: operation.responses as Json,
          pointer: `#/paths/${escapePointer(template)}/${method}/responses`,
        });
        this.operations.set(method, list);
      }
    }
  }

  /** Every way `response` disagrees with the document, as readable lines (empty when it conforms). */
  problems(method: string, path: string, response: CheckedResponse): string[] {
    const lower = method.toLowerCase();
    const operation = this.operations.get(lower === 'head' ? 'get' : lower)?.find((op) => op.pattern.test(path) || op.pattern.test(`${path}/`));
    if (!operation && lower === 'options' && this.isDocumentedPath(path)) {
      // Express answers OPTIONS on any route itself (200, `Allow: GET,HEAD`); documents list no such operation.
      return [200, 204].includes(response.status) && typeof response.headers.allow === 'string'
        ? []
        : [`OPTIONS ${path} → ${response.status}: expected express's automatic 200/204 with an Allow header`];
    }
    if (!operation) {
      const fallback = UNDOCUMENTED_REQUEST_RESPONSES[response.status];
      if (!fallback) return [`no operation documents ${method.toUpperCase()} ${path}; such a request may only be answered ${Object.keys(UNDOCUMENTED_REQUEST_RESPONSES).join(' or ')}`];
      return this.checkResponse(fallback, this.resolve(fallback), response, lower === 'head');
    }
    const key = [String(response.status), `${String(response.status)[0]}XX`, 'default'].find((candidate) => candidate in operation.responses);
    if (!key) {
      return [`status ${response.status} is not documented for ${operation.template} (documented: ${Object.keys(operation.responses).join(', ')})`];
    }
    let pointer = `${operation.pointer}/${key}`;
    let declared = operation.responses[key] as Json;
    if (typeof declared.$ref === 'string') {
      pointer = declared.$ref;
      declared = this.resolve(pointer);
    }
    return this.checkResponse(pointer, declared, response, lower === 'head');
  }

  private isDocumentedPath(path: string): boolean {
    return [...this.operations.values()].some((list) => list.some((op) => op.pattern.test(path) || op.pattern.test(`${path}/`)));
  }

  private checkResponse(pointer: string, declared: Json, response: CheckedResponse, head: boolean): string[] {
    const problems: string[] = [];
    for (const [name, header] of Object.entries((declared.headers ?? {}) as Record<string, Json>)) {
      const raw = response.headers[name.toLowerCase()];
      if (raw === undefined) {
        if (header.required === true) problems.push(`header ${name} is required and missing`);
        continue;
      }
      const value = Array.isArray(raw) ? raw.join(', ') : raw;
      const schema = header.schema as Json | undefined;
      const typed = schema && ['integer', 'number'].includes(schema.type as string) && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
      const validate = this.validator(`${pointer}/headers/${escapePointer(name)}/schema`);
      if (!validate(typed)) problems.push(...describe(`header ${name}`, validate.errors));
    }
    const content = declared.content as Record<string, Json> | undefined;
    const mediaType = mediaTypeOf(response.headers['content-type']);
    if (!content || head) return problems;
    // A response the document marks as possibly bodiless (RFC 6750 §3.1: a bare challenge) may come without content.
    if (mediaType === undefined && declared['x-body-optional'] === true && !response.text) return problems;
    const key = Object.keys(content).find((candidate) => {
      const type = candidate.split(';')[0].trim().toLowerCase();
      return type === mediaType || type === '*/*' || (type.endsWith('/*') && mediaType?.startsWith(type.slice(0, -1)));
    });
    if (!key) return [...problems, `content type ${mediaType ?? '(none)'} is not documented (documented: ${Object.keys(content).join(', ')})`];
    if (!/[/+]json$/.test(mediaType ?? '')) return problems;
    const validate = this.validator(`${pointer}/content/${escapePointer(key)}/schema`);
    if (!validate(response.body)) problems.push(...describe('body', validate.errors));
    return problems;
  }

  private resolve(pointer: string): Json {
    let node: unknown = this.document;
    for (const part of pointer.replace(/^#\//, '').split('/')) {
      node = (node as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      if (node === undefined) throw new Error(`the OpenAPI document has nothing at ${pointer}`);
    }
    return node as Json;
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }
}

function describe(what: string, errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    const params = error.keyword === 'additionalProperties' ? ` (${String((error.params as { additionalProperty: string }).additionalProperty)})` : '';
    return `${what}${error.instancePath || ''} ${error.message ?? error.keyword}${params} [${error.schemaPath}]`;
  });
}
