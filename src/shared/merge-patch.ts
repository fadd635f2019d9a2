// JSON Merge Patch (RFC 7396): partner files and page overrides patch the base values.
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function mergePatch(target: unknown, patch: unknown): Json {
  if (!isObject(patch)) return structuredClone(patch) as Json;
  const result: Record<string, Json> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    // defineProperty, not assignment: a "__proto__" member (JSON.parse makes it an own key) must stay
    // a member rather than replace the result's prototype.
    else {
      const merged = mergePatch(Object.hasOwn(result, key) ? result[key] : undefined, value);
      Object.defineProperty(result, key, { value: merged, enumerable: true, writable: true, configurable: true });
    }
  }
  return result;
}
