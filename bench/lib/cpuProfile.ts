/**
 * Reads a V8 `.cpuprofile` (what `node --cpu-prof` writes) and sums self time
 * by where the code lives: a package under node_modules, Node's own internals,
 * our sources, or V8's pseudo-frames (GC, program, idle).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
  /** Microseconds on the monotonic clock (the one process.hrtime reads, on Linux). */
  readonly startTime: number;
}

export interface SelfTime {
  readonly name: string;
  readonly ms: number;
  /** Share of the busy time (idle excluded), 0..1. */
  readonly share: number;
}

export interface ProfileSummary {
  readonly busyMs: number;
  readonly idleMs: number;
  readonly byGroup: readonly SelfTime[];
  readonly byFunction: readonly SelfTime[];
}

/** The group a frame's script belongs to: `node_modules/<pkg>`, `node internals`, `src/<dir>`, or a V8 pseudo-frame. */
export function groupOf(url: string, functionName: string): string {
  if (url === '') {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8/native (program)';
    return functionName === '' ? 'native (no script)' : `native ${functionName}`;
  }
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return `node_modules/${parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]}`;
  }
  if (url.startsWith('node:')) return 'node internals';
  const ours = /\/(src|bench|packages)\/(.*)$/.exec(url);
  if (ours) return `our ${ours[1]}/${ours[2].split('/').slice(0, -1).join('/') || '.'}`;
  return 'other';
}

function shortFile(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules);
  const ours = /\/((src|bench|packages)\/.*)$/.exec(url);
  return ours ? ours[1] : url.replace(/^file:\/\//, '');
}

/** A span of monotonic time in microseconds (process.hrtime.bigint() / 1000n). */
export interface Window {
  readonly fromUs: number;
  readonly toUs: number;
}

/**
 * Self time per group and per function, largest first; only samples inside
 * `window` when given (the load run, not start-up and shutdown).
 */
export function summarizeProfile(path: string, window?: Window): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  let idle = 0;
  let busy = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    at += micros;
    if (window && (at < window.fromUs || at > window.toUs)) return;
    const frame = nodes.get(id)?.callFrame;
    if (!frame) return;
    const group = groupOf(frame.url, frame.functionName);
    if (group === 'idle') {
      idle += micros;
      return;
    }
    busy += micros;
    groups.set(group, (groups.get(group) ?? 0) + micros);
    const fn = `${frame.functionName || '(anonymous)'} ${frame.url ? `${shortFile(frame.url)}:${frame.lineNumber + 1}` : ''}`.trim();
    functions.set(fn, (functions.get(fn) ?? 0) + micros);
  });
  const ranked = (totals: Map<string, number>): SelfTime[] =>
    [...totals.entries()].map(([name, micros]) => ({ name, ms: micros / 1000, share: busy > 0 ? micros / busy : 0 })).sort((a, b) => b.ms - a.ms);
  return { busyMs: busy / 1000, idleMs: idle / 1000, byGroup: ranked(groups), byFunction: ranked(functions) };
}

/** The summary as text: groups (top `groups`) and functions (top `functions`). */
export function formatProfileSummary(summary: ProfileSummary, groups = 15, functions = 30): string {
  const line = (entry: SelfTime) => `  ${(entry.share * 100).toFixed(1).padStart(5)} %  ${entry.ms.toFixed(0).padStart(6)} ms  ${entry.name}`;
  return [
    `busy ${summary.busyMs.toFixed(0)} ms, idle ${summary.idleMs.toFixed(0)} ms (shares are of busy time)`,
    'self time by package:',
    ...summary.byGroup.slice(0, groups).map(line),
    'top functions by self time:',
    ...summary.byFunction.slice(0, functions).map(line),
  ].join('\n');
}
