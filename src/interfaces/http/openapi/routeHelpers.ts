import type { ResponseObject, RouteDocument } from './openApiTypes';

/** Marks a route as reachable without a token. */
export const PUBLIC: RouteDocument['operation']['security'] = [];

/** A response whose body is a file or text of the given media type. */
export function fileResponse(description: string, mediaType: string): ResponseObject {
  return { description, content: { [mediaType]: { schema: { type: 'string' } } } };
}
