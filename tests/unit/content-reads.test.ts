import { afterEach, describe, expect, it, vi } from "vitest";
import { createContentReads } from "../../server/cache/content-reads";

describe("content reads kept per generation", () => {
  afterEach(() => vi.useRealTimers());

  it("reads once per key and generation, and again in a new generation", async () => {
    const reads = createContentReads();
    let loads = 0;
    const load = async () => ({ items: [{ title: `read ${++loads}` }] });
    const first = await reads.forGeneration("g1").remember("notices", load);
    const again = await reads.forGeneration("g1").remember("notices", load);
    expect(again).toBe(first);
    expect(loads).toBe(1);
    const next = await reads.forGeneration("g2").remember("notices", load);
    expect(next.items[0]?.title).toBe("read 2");
    // Two requests at once share one read.
    const [a, b] = await Promise.all([
      reads.forGeneration("g3").remember("notices", load),
      reads.forGeneration("g3").remember("notices", load),
    ]);
    expect(a).toBe(b);
    expect(loads).toBe(3);
  });

  it("hands out frozen answers, so no page can change another's", async () => {
    const reads = createContentReads();
    const kept = await reads.forGeneration("g").remember("k", async () => ({ items: [{ title: "a" }] }));
    expect(() => {
      (kept.items[0] as { title: string }).title = "b";
    }).toThrow(TypeError);
    expect(() => kept.items.push({ title: "c" })).toThrow(TypeError);
  });

  it("does not keep a failed read", async () => {
    const reads = createContentReads();
    const failing = reads.forGeneration("g").remember("k", () => Promise.reject(new Error("not found")));
    await expect(failing).rejects.toThrow("not found");
    expect(await reads.forGeneration("g").remember("k", async () => "found")).toBe("found");
  });

  it("forgets the least recently used past its size, and everything on clear", async () => {
    const reads = createContentReads({ maxEntries: 2 });
    const g = reads.forGeneration("g");
    await g.remember("a", async () => "a1");
    await g.remember("b", async () => "b1");
    await g.remember("a", async () => "a2");
    await g.remember("c", async () => "c1");
    expect(reads.size()).toBe(2);
    expect(await g.remember("a", async () => "a3")).toBe("a1");
    expect(await g.remember("b", async () => "b2")).toBe("b2");
    reads.clear();
    expect(await g.remember("a", async () => "a4")).toBe("a4");
  });

  it("reads again after the time limit, for changes made outside the app", async () => {
    vi.useFakeTimers();
    const reads = createContentReads({ ttlMs: 1000 });
    const g = reads.forGeneration("g");
    expect(await g.remember("k", async () => "old")).toBe("old");
    vi.advanceTimersByTime(999);
    expect(await g.remember("k", async () => "new")).toBe("old");
    vi.advanceTimersByTime(2);
    expect(await g.remember("k", async () => "new")).toBe("new");
  });
});
