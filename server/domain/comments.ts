// Comments: any signed-in user writes one; only its author or an admin changes or deletes it
// (the earlier product let anyone delete any comment: docs/decisions/0005).
import { z } from "zod";
import { commentInput } from "../../common/schemas/content";
import { shownLink } from "../../common/schemas/fields";
import { comments } from "../db/schema";
import { blogCollection } from "./blogs";
import { collection } from "./content/collection";
import { DomainError } from "./errors";
import { enforceRateLimit, type RateLimitRule } from "./rate-limit";

/** Comments one account (not an admin's) may write in ten minutes: a person writes far fewer. */
export const commentRateLimit: RateLimitRule = {
  name: "comment",
  max: 20,
  windowMs: 10 * 60 * 1000,
  message: "Too many requests. Please try again later.",
};

export const commentCollection = collection({
  name: "Comment",
  table: comments,
  input: commentInput,
  searchColumn: comments.message,
  create: "user",
  change: "authorOrAdmin",
  authorOf: (comment) => comment.authorId,
  // An admin's own comment is a comment; removing someone else's is moderation, kept in the trail.
  personal: true,
  label: (comment) => `${comment.name}: ${comment.message}`,
  image: "none",
  filters: { blogId: { column: comments.blogId, schema: z.uuid({ error: "blogId must be a blog's id" }) } },
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
    if (!found) throw new DomainError("invalid", "No blog with this id", { blogId: "No blog with this id" });
  },
  // Counted per account (the key is the user's id), so one account cannot flood the blogs.
  beforeCreate: async (ctx, actor) => {
    if (!actor.isAdmin) await enforceRateLimit(ctx.db, commentRateLimit, [actor.id]);
  },
});
