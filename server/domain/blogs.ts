// Blogs, the server's part (common/kinds/blogs.ts is the definition): a user's blog waits for
// review, an author's edit goes back to it (docs/decisions/0012-user-blogs-and-profile.md). On
// the wire, the byline is authorName and authorImg (the writer's display name and photo); the
// writer's e-mail (`email`, the specification's field) is theirs and the admins' alone.

import { sql } from "drizzle-orm";
import { z } from "zod";
import { problem } from "../../common/errors/problem";
import { shownLink } from "../../common/text-rules";
import { wireDate } from "../api/kind-rest";
import { email, id, imageFields, reviewStatusWire, timestamp } from "../api/wire-schemas";
import { blogs } from "../db/schema";
import type { Actor } from "./actor";
import { shownTo } from "./content/collection";
import { serverKind } from "./content/server-kind";
import { enforceRateLimit, type RateLimitRule } from "./rate-limit";

/** Blogs a user (not an admin) may send for review in an hour. */
export const userBlogLimit: RateLimitRule = {
  name: "blog",
  max: 10,
  windowMs: 60 * 60 * 1000,
  problem: problem("limit.blogs"),
};

/** Who wrote a blog (the e-mail and the account) is for the writer and admins only. */
export const blogFieldsSeen = { authorEmail: "author or admin", authorId: "author or admin" } as const;

/** A blog as this actor may see it (fields they may not read are left out). */
export const blogSeenBy = <T extends { authorEmail: string; authorId: string | null }>(
  actor: Actor,
  blog: T,
) => shownTo(actor, blog, blogFieldsSeen, actor.kind === "user" && blog.authorId === actor.id);

export const blogKind = serverKind({
  kind: "blogs",
  table: blogs,
  authorOf: (blog) => blog.authorId,
  // A blog waiting for review is seen by its author and the admins only.
  hiddenFrom: (actor) => {
    if (actor.kind === "user" && actor.isAdmin) return undefined;
    if (actor.kind === "user") return sql`(${blogs.status} = 'approved' or ${blogs.authorId} = ${actor.id})`;
    return sql`${blogs.status} = 'approved'`;
  },
  // A signed-in author also sees their own blogs under review: a view of their own.
  views: (actor) =>
    actor.kind === "anonymous" ? "everyone" : actor.isAdmin ? "admins" : `author ${actor.id}`,
  adminOnly: ["status", "authorEmail"],
  // A user's blog carries their own e-mail and waits for review, whatever the request says.
  prefill: (actor) => (actor.isAdmin ? {} : { authorEmail: actor.email }),
  // The byline shows the writer's display name and photo, never their e-mail.
  onCreate: (input, actor) => ({
    authorId: actor.id,
    authorName: actor.name,
    authorPhotoUrl: shownLink(actor.image),
    status: actor.isAdmin ? (input.status ?? "approved") : "pending",
  }),
  onUpdate: (_blog, actor) => (actor.isAdmin ? {} : { status: "pending" }),
  // Counted per account: a signed-in user could otherwise flood the review queue.
  beforeCreate: async (ctx, actor) => {
    if (!actor.isAdmin) await enforceRateLimit(ctx.db, userBlogLimit, [actor.id]);
  },
  rest: {
    tag: "Blogs",
    paths: { list: ["/blog/blogs"], one: ["/blog/blogs/:id"], create: ["/blog/blogs"] },
    fields: { title: "title", email: "authorEmail", blog: "body", catagori: "category", status: "status" },
    imageFields: ["image"],
    filters: ["status"],
    wire: z.strictObject({
      _id: id,
      title: z.string(),
      email: email.meta({ description: "The writer's e-mail" }),
      authorName: z
        .string()
        .meta({ description: "The writer's display name, as it was when the blog was written" }),
      authorImg: z.string().nullable().meta({ description: "The writer's photo link, when they had one" }),
      blog: z.string(),
      catagori: z.string(),
      ...imageFields("image"),
      status: reviewStatusWire,
      date: timestamp,
    }),
    // The writer's e-mail (blogFieldsSeen's authorEmail) is the wire's `email`.
    visibleTo: { email: blogFieldsSeen.authorEmail },
    toWire: (record, actor) => {
      const blog = blogSeenBy(actor, record);
      return {
        _id: blog.id,
        title: blog.title,
        email: blog.authorEmail,
        authorName: blog.authorName,
        authorImg: shownLink(blog.authorPhotoUrl),
        blog: blog.body,
        catagori: blog.category,
        image: blog.image?.url ?? null,
        imageSet: blog.image,
        status: blog.status,
        date: wireDate(blog),
      };
    },
  },
});

export const blogCollection = blogKind.collection;

/** The filter of public lists (/blogs, the home page, feeds): approved blogs only, for everyone. */
export const publishedBlogs = { status: "approved" } as const;
