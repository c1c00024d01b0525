// The client package's own test support, one copy for both suites (the package's tests never import the service's).
export { RecordingLogger, type LogLine } from '../../packages/client/test/support/RecordingLogger';
