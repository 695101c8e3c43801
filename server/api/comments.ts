import { shownLink } from "../../common/schemas/fields";
import { commentCollection } from "../domain/comments";
import { contentEndpoints, wireDate } from "./content-endpoints";

// `id` is the blog's id, as in the specification; `?blogId=` filters the list on the server.
export const commentEndpoints = contentEndpoints({
  collection: commentCollection,
  tag: "Comments",
  paths: { list: ["/blog/comment"], one: ["/blog/comment/:id"], create: ["/blog/comment"] },
  fields: { id: "blogId", name: "name", email: "email", info: "message", img: "photoUrl" },
  filters: ["blogId"],
  toWire: (comment) => ({
    _id: comment.id,
    id: comment.blogId,
    name: comment.name,
    email: comment.email,
    info: comment.message,
    img: shownLink(comment.photoUrl),
    authorId: comment.authorId,
    date: wireDate(comment),
  }),
});
