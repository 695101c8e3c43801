import { describe, expect, it } from "vitest";
import { freshRead } from "../../server/cache/fresh-read";

/** A read whose answers the test hands out one at a time. */
function controlledRead() {
  const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  let started = 0;
  const read = () =>
    new Promise<number>((resolve, reject) => {
      started++;
      pending.push({ resolve, reject });
    });
  return { read, pending, started: () => started };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a read shared by callers who may use it", () => {
  it("gives a caller who arrives during a read the next read, shared with everyone who waits", async () => {
    const source = controlledRead();
    const current = freshRead(source.read);
    const first = current();
    // These arrive while the first read runs: the change they must see may be newer than it.
    const waiting = [current(), current(), current()];
    expect(source.started()).toBe(1);
    source.pending[0]?.resolve(1);
    expect(await first).toBe(1);
    await tick();
    expect(source.started()).toBe(2);
    source.pending[1]?.resolve(2);
    expect(await Promise.all(waiting)).toEqual([2, 2, 2]);
    // Nothing under way: the next caller starts its own.
    const later = current();
    expect(source.started()).toBe(3);
    source.pending[2]?.resolve(3);
    expect(await later).toBe(3);
  });

  it("passes a failed read to its callers and still reads for those who waited", async () => {
    const source = controlledRead();
    const current = freshRead(source.read);
    const first = current();
    const waiting = current();
    source.pending[0]?.reject(new Error("database away"));
    await expect(first).rejects.toThrow("database away");
    await tick();
    source.pending[1]?.resolve(7);
    expect(await waiting).toBe(7);
  });
});
