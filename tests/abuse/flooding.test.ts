// Flooding with comments: one account may write a person's share (20 in ten minutes); past that,
// 429 with Retry-After and nothing stored, while other accounts and admins go on writing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commentRateLimit } from "../../server/domain/comments";
import { changedTables, createWorld, fingerprint, kinds, type World } from "./support";

describe("comment flooding", () => {
  let w: World;
  let blogId: string;

  beforeAll(async () => {
    w = await createWorld();
    const blog = await w.t.json(kinds.blog.path, "POST", kinds.blog.body, { session: w.admin });
    blogId = (await blog.json()).insertedId;
  });
  afterAll(() => w?.t.close());

  const comment = (session: World["alice"], info: string) =>
    w.t.json(kinds.comment.path, "POST", { ...kinds.comment.body, id: blogId, info }, { session });

  it("refuses an account's comments past the limit, and no one else's", async () => {
    for (let n = 1; n <= commentRateLimit.max; n++) {
      expect((await comment(w.alice, `Comment ${n}`)).status, `comment ${n}`).toBe(201);
    }
    const before = await fingerprint(w.t.services.db);
    const refused = await comment(w.alice, "One too many");
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe("rate_limited");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(commentRateLimit.windowMs / 1000);
    expect(changedTables(before, await fingerprint(w.t.services.db))).toEqual([]);

    expect((await comment(w.bob, "Bob is not blocked")).status).toBe(201);
    // Admins moderate and answer: not counted.
    for (let n = 0; n <= commentRateLimit.max; n++) {
      expect((await comment(w.admin, `Answer ${n}`)).status).toBe(201);
    }
  });
});
