import { sql } from "drizzle-orm";
import { blogInput } from "../../common/schemas/content";
import { blogs } from "../db/schema";
import { collection } from "./content/collection";

export const blogCollection = collection({
  name: "Blog",
  table: blogs,
  input: blogInput,
  searchColumn: blogs.title,
  create: "admin",
  change: "admin",
  image: "optional",
  // A blog waiting for review is seen by its author and the admins only.
  hiddenFrom: (actor) => {
    if (actor.kind === "user" && actor.isAdmin) return undefined;
    if (actor.kind === "user") return sql`(${blogs.status} = 'approved' or ${blogs.authorId} = ${actor.id})`;
    return sql`${blogs.status} = 'approved'`;
  },
  onCreate: (_input, actor) => ({ authorId: actor.id, status: "approved" }),
});
