/**
 * Spring-style Ant path patterns: `?` one character, `*` any characters within a
 * segment, `**` any number of whole segments, `{name}` one segment.
 */
export function antPatternToRegExp(pattern: string): RegExp {
  const segments = pattern.split('/').filter((segment, index) => index > 0 || segment !== '');
  let source = '';
  for (const segment of segments) {
    source += segment === '**' ? '(?:/[^/]*)*' : `/${segmentSource(segment)}`;
  }
  // Case-insensitive like express's routing, so a pass-listed route is passed however it is spelled.
  return new RegExp(`^${source}/?$`, 'i');
}

function segmentSource(segment: string): string {
  return segment
    .split(/(\{[^}]*\}|\*|\?)/)
    .map((part) => {
      if (part === '*') return '[^/]*';
      if (part === '?') return '[^/]';
      if (part.startsWith('{') && part.endsWith('}')) return '[^/]+';
      return part.replace(/[.+^$()|[\]\\]/g, '\\$&');
    })
    .join('');
}

/** A matcher for a list of patterns, compiled once. */
export function passListMatcher(patterns: readonly string[]): (path: string) => boolean {
  const compiled = patterns.map(antPatternToRegExp);
  return (path) => compiled.some((regex) => regex.test(path));
}
