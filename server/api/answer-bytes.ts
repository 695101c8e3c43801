// A frozen answer body is shared by every request of its content generation (content reads, a
// published class's marksheets: server/cache/content-reads.ts freezes them, deeply) and never
// changes, so its JSON and its compressed bytes are made once and kept with it, in a WeakMap:
// they go when it goes. On results day a student's marksheet is looked up again and again
// (parents, relatives, a refresh); each lookup after the first costs no serialising and no
// compression.

type Kept = { text: string; encoded: Map<string, Uint8Array> };

const kept = new WeakMap<object, Kept>();

const isShared = (body: unknown): body is object =>
  typeof body === "object" && body !== null && Object.isFrozen(body);

/** The answer's JSON text. */
export function jsonTextOf(body: unknown): string {
  if (!isShared(body)) return JSON.stringify(body ?? null);
  let entry = kept.get(body);
  if (!entry) {
    entry = { text: JSON.stringify(body), encoded: new Map() };
    kept.set(body, entry);
  }
  return entry.text;
}

/** The answer's JSON text in `encoding`, made by `encode` unless kept already. */
export function encodedJsonOf(
  body: unknown,
  text: string,
  encoding: string,
  encode: (bytes: Uint8Array) => Uint8Array,
): Uint8Array {
  const entry = isShared(body) ? kept.get(body) : undefined;
  const known = entry?.encoded.get(encoding);
  if (known) return known;
  const bytes = encode(Buffer.from(text));
  entry?.encoded.set(encoding, bytes);
  return bytes;
}
