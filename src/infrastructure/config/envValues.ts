import { ConfigError } from '@auth-service/client';
import { declaredProblems, type EnvVariable } from './envDeclaration';

export type Env = Readonly<Record<string, string | undefined>>;

/** The variable's trimmed value, or the fallback when unset or blank. */
export function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

/** A whole number; anything else becomes NaN so the validator reports it. */
export function integer(env: Env, name: string, fallback: number): number {
  const value = env[name]?.trim();
  if (!value) return fallback;
  return /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
}

/** true/false (also 1/0, yes/no); anything else is passed on as is so the validator reports it. */
export function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (!value) return fallback;
  if (['true', '1', 'yes'].includes(value)) return true;
  if (['false', '0', 'no'].includes(value)) return false;
  return value as unknown as boolean;
}

/** A comma-separated list, blanks dropped. */
export function list(env: Env, name: string, fallback: readonly string[]): string[] {
  const value = env[name]?.trim();
  if (!value) return [...fallback];
  return value.split(',').map((item) => item.trim()).filter((item) => item.length > 0);
}

/** A context path without surrounding slashes: "/auth/" → "auth". */
export function contextPath(env: Env, name: string, fallback: string): string {
  return text(env, name, fallback).replace(/^\/+|\/+$/g, '');
}

export const CONTEXT_PATH_PATTERN = /^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/;
export const ANT_PATTERN = /^\/[A-Za-z0-9._~*{}\/-]*$/;

/**
 * Applies the declared checks to a typed config object and adds the extra
 * cross-field problems, throwing one ConfigError that names every bad
 * variable; returns the object frozen.
 */
export function validated<T extends object>(config: T, table: readonly EnvVariable[], extraProblems: readonly string[] = []): Readonly<T> {
  const problems = [...new Set([...declaredProblems(config, table), ...extraProblems])];
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
