import { ConfigError } from '@auth-service/client';
import { loadAuthServerConfig } from '../../src/infrastructure/config/AuthServerConfig';

/** The problems loadAuthServerConfig reports for `env` (none when it loads). */
export function authConfigProblems(env: Record<string, string>): readonly string[] {
  try {
    loadAuthServerConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
