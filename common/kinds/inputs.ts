// Each kind's input, made from its fields' rules: the server checks records with these, and a
// browser's form loads this file (with zod) when it first checks one. A kind's input has the
// types of its fields, for the server's hooks.
import { inputOf } from "../schemas/content";
import type { KindDefinition } from "./define";
import { type KindName, kinds } from "./index";

export type InputOf<K extends KindName> = ReturnType<typeof inputOf<(typeof kinds)[K]["fields"]>>;

export const kindInputs = Object.fromEntries(
  Object.entries(kinds as Record<KindName, KindDefinition>).map(([name, definition]) => [
    name,
    inputOf(definition),
  ]),
) as unknown as { [K in KindName]: InputOf<K> };

/** A comment as its form under a blog sends it. */
export const commentInput = kindInputs.comments;

/** A blog as a signed-in user writes it (the profile's postBlog and MyBlogs): the author is the writer. */
export const userBlogInput = kindInputs.blogs.pick({ title: true, body: true, category: true });
