import { MESSAGES } from '../messages';

/** A fault of the request itself: its status, and the envelope's message for it. */
export interface RequestFault {
  readonly status: number;
  readonly msg: string;
}

/** body-parser's error types → answer. */
const BODY_PARSER_FAULTS: Readonly<Record<string, RequestFault>> = {
  'entity.parse.failed': { status: 400, msg: MESSAGES.malformedJson },
  'entity.too.large': { status: 413, msg: MESSAGES.payloadTooLarge },
  'encoding.unsupported': { status: 415, msg: MESSAGES.unsupportedMediaType },
  'charset.unsupported': { status: 415, msg: MESSAGES.unsupportedMediaType },
  'request.aborted': { status: 400, msg: MESSAGES.badRequest },
  'request.size.invalid': { status: 400, msg: MESSAGES.badRequest },
};

/**
 * Errors express and its parsers raise about the request itself: a body that does not parse or is too
 * large (body-parser's `type`), any error with a 4xx status, a URL that does not decode (URIError), a body
 * that claims gzip but is not (zlib's Z_* codes). The client's fault: that status or 400, never 500.
 */
export function requestFaultOf(error: unknown): RequestFault | null {
  const details = error as { status?: unknown; statusCode?: unknown; code?: unknown; type?: unknown } | null;
  const type = details?.type;
  if (typeof type === 'string' && Object.prototype.hasOwnProperty.call(BODY_PARSER_FAULTS, type)) return BODY_PARSER_FAULTS[type];
  const status = details?.status ?? details?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, msg: status === 404 ? MESSAGES.notFound : MESSAGES.badRequest };
  if (error instanceof URIError || (typeof details?.code === 'string' && details.code.startsWith('Z_'))) return { status: 400, msg: MESSAGES.badRequest };
  return null;
}
