import { isIP } from 'node:net';
import { text, type Env } from './envValues';

const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/**
 * The address a service listens on: an IP address or a host name such as
 * `127.0.0.1`, `::1` or `localhost`; `undefined` (unset) binds every interface.
 */
export function bindHost(env: Env, name: string, problems: string[]): string | undefined {
  const value = text(env, name, '');
  if (value === '') return undefined;
  if (isIP(value) === 0 && !HOST_NAME.test(value)) {
    problems.push(`${name} must be an IP address or host name to listen on, such as 127.0.0.1 (unset: every interface)`);
  }
  return value;
}
