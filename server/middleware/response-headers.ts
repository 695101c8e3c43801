// Headers set on an answer after the handler made it. Hono's c.header() copies the whole
// Response for every header once the answer exists, which cost a cached answer a seventh of its
// time; our answers have mutable headers, so they are set in place, with one copy only for an
// answer whose headers are frozen (one from fetch).
import type { Context } from "hono";

export function setAnswerHeaders(c: Context, entries: Iterable<readonly [string, string]>): void {
  const list = [...entries];
  try {
    for (const [name, value] of list) c.res.headers.set(name, value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const copy = new Response(c.res.body, c.res);
    for (const [name, value] of list) copy.headers.set(name, value);
    c.res = copy;
  }
}
