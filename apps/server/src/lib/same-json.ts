/**
 * Whether two JSON values are equal: the same primitives, arrays of equal items in order,
 * objects with the same keys and equal values in any key order (jsonb gives keys back in its
 * own order). Numbers compare with ===, so a stored double equals only itself.
 */
export function isSameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => isSameJson(item, b[i]))
    );
  }
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  const keys = Object.keys(aRecord);
  return (
    keys.length === Object.keys(bRecord).length &&
    keys.every((key) => Object.hasOwn(bRecord, key) && isSameJson(aRecord[key], bRecord[key]))
  );
}
