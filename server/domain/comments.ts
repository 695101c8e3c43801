// Comments, the server's part (common/kinds/comments.ts is the definition): a comment is for a
// blog its writer may read, carries its writer's own e-mail, and is counted per account. On the
// wire, `id` is the blog's id, as in the specification, and `?blogId=` filters the list; a
// comment shows its writer's name and photo (stored with it), the e-mail and account are theirs
// and the admins' alone.

import { sql } from "drizzle-orm";
import { z } from "zod";
import { problem } from "../../common/errors/problem";
import { shownLink } from "../../common/text-rules";
import { wireDate } from "../api/kind-rest";
import { email, id, timestamp, userId } from "../api/wire-schemas";
import { blogs, commentCounts, comments, commentTotals } from "../db/schema";
import type { Actor } from "./actor";
import { blogCollection, sampleBlogs } from "./blogs";
import { shownTo } from "./content/collection";
import type { KindSamples } from "./content/samples";
import { serverKind } from "./content/server-kind";
import { DomainError } from "./errors";
import { enforceRateLimit, type RateLimitRule } from "./rate-limit";

/** Comments one account (not an admin's) may write in ten minutes: a person writes far fewer. */
export const commentRateLimit: RateLimitRule = {
  name: "comment",
  max: 20,
  windowMs: 10 * 60 * 1000,
  problem: problem("limit.requests"),
};

/** The blogs whose comments the actor may read: all for an admin; approved or their own. */
function readableBlogs(actor: Actor) {
  if (actor.kind === "user" && actor.isAdmin) return undefined;
  return actor.kind === "user"
    ? sql`(${blogs.status} = 'approved' or ${blogs.authorId} = ${actor.id})`
    : sql`${blogs.status} = 'approved'`;
}

/** Who wrote a comment (the e-mail and the account) is for the writer and admins only. */
export const commentFieldsSeen = { email: "author or admin", authorId: "author or admin" } as const;

/** A comment as this actor may see it: name, photo and message for all, the rest left out. */
export const commentSeenBy = <T extends { email: string; authorId: string | null }>(
  actor: Actor,
  comment: T,
) => shownTo(actor, comment, commentFieldsSeen, actor.kind === "user" && comment.authorId === actor.id);

const minuteMs = 60 * 1000;

/** A fresh installation's comments: those under each sample blog (blogs.ts), a few hours apart. */
const samples: KindSamples = {
  after: ["blogs"],
  insert: async (seeding) => {
    const blogRows = seeding.rowsOf("blogs");
    const records = sampleBlogs(seeding.year).flatMap((blog, index) => {
      const blogRow = blogRows[index]!;
      // Comments follow their post by a few hours each.
      return blog.comments.map((comment, j) => ({
        blogId: blogRow.id,
        authorId: null,
        name: comment.name,
        email: comment.email,
        message: comment.message,
        createdAt: new Date(blogRow.createdAt.getTime() + (j + 1) * (3 * 60 + 17) * minuteMs),
      }));
    });
    if (records.length === 0) return { rows: [] };
    const rows = await seeding.db
      .insert(comments)
      .values(records)
      .returning({ id: comments.id, createdAt: comments.createdAt });
    return { rows: rows.map((row, index) => ({ ...row, title: records[index]!.message })) };
  },
};

export const commentKind = serverKind({
  samples,
  kind: "comments",
  table: comments,
  authorOf: (comment) => comment.authorId,
  // An admin's own comment is a comment; removing someone else's is moderation, kept in the trail.
  personal: true,
  label: (comment) => `${comment.name}: ${comment.message}`,
  // A blog's comments are read where the blog is: those of a blog waiting for review only by
  // its author and the admins.
  hiddenFrom: (actor) => {
    const readable = readableBlogs(actor);
    if (!readable) return undefined;
    return sql`exists (select 1 from ${blogs} where ${blogs.id} = ${comments.blogId} and ${readable})`;
  },
  // The whole list's total from the totals kept by triggers (migration 0027): one row per blog
  // status, so it costs the same with 50 blogs or 5,000; a signed-in writer adds their own blogs
  // under review, each blog's count read by its key.
  total: (actor) => {
    if (actor.kind === "user" && actor.isAdmin)
      return sql`select coalesce(sum(${commentTotals.count}), 0)::int as n from ${commentTotals}`;
    const approved = sql`coalesce((select ${commentTotals.count} from ${commentTotals}
      where ${commentTotals.blogStatus} = 'approved'), 0)`;
    if (actor.kind !== "user") return sql`select ${approved}::int as n`;
    return sql`select (${approved} + coalesce((select sum(${commentCounts.count}) from ${blogs}
      join ${commentCounts} on ${commentCounts.blogId} = ${blogs.id}
      where ${blogs.authorId} = ${actor.id} and ${blogs.status} <> 'approved'), 0))::int as n`;
  },
  // A signed-in reader sees their own comments' e-mail and the comments of their own blogs under
  // review: a view of their own.
  views: (actor) =>
    actor.kind === "anonymous" ? "everyone" : actor.isAdmin ? "admins" : `reader ${actor.id}`,
  fixed: ["blogId", "email"],
  // The e-mail shown is the writer's own, so nobody can comment in another person's name. The
  // photo is copied into the comment: checked again here, so a photo stored before the rules
  // (a 900 KB data: address made one blog page 10 MB) is not copied into every comment.
  onCreate: (input, actor) => ({
    authorId: actor.id,
    email: actor.email,
    photoUrl: shownLink(input.photoUrl || actor.image),
  }),
  check: async (ctx, input, actor) => {
    if (input.blogId === undefined) return;
    // The blog must exist and be visible to the writer.
    const found = await blogCollection.get(ctx, actor, input.blogId).catch(() => null);
    if (!found)
      throw new DomainError("invalid", problem("content.noBlog"), { blogId: problem("content.noBlog") });
  },
  // Counted per account (the key is the user's id), so one account cannot flood the blogs.
  beforeCreate: async (ctx, actor) => {
    if (!actor.isAdmin) await enforceRateLimit(ctx.db, commentRateLimit, [actor.id]);
  },
  rest: {
    tag: "Comments",
    paths: { list: ["/blog/comment"], one: ["/blog/comment/:id"], create: ["/blog/comment"] },
    fields: { id: "blogId", name: "name", email: "email", info: "message", img: "photoUrl" },
    filters: ["blogId"],
    wire: z.strictObject({
      _id: id,
      id: id.meta({ description: "The blog's id" }),
      name: z.string(),
      email,
      info: z.string(),
      img: z.string().nullable(),
      authorId: userId.nullable().meta({ description: "The writer's account id" }),
      date: timestamp,
    }),
    visibleTo: commentFieldsSeen,
    toWire: (record, actor) => {
      const comment = commentSeenBy(actor, record);
      return {
        _id: comment.id,
        id: comment.blogId,
        name: comment.name,
        email: comment.email,
        info: comment.message,
        img: shownLink(comment.photoUrl),
        authorId: comment.authorId,
        date: wireDate(comment),
      };
    },
  },
});

export const commentCollection = commentKind.collection;
