/** Dates in JSON bodies: `yyyy-MM-dd HH:mm:ss` in GMT+8, as the original service wrote them. */
const GMT_PLUS_8_MS = 8 * 60 * 60 * 1000;

export function formatGmt8(date: Date): string {
  return new Date(date.getTime() + GMT_PLUS_8_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** A JSON.stringify replacer; a function (not an arrow) because it reads the holder through `this`. */
export function jsonDateReplacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const original = this[key];
  return original instanceof Date && !Number.isNaN(original.getTime()) ? formatGmt8(original) : value;
}
