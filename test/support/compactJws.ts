// The client package's own test support, one copy for both suites (the package's tests never import the service's).
export { compactJws, decodeJws, encodeSegment, hmacSha256, rsaPssSha256, rsaSha256 } from '../../packages/client/test/support/compactJws';
