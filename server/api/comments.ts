import { shownLink } from "../../common/text-rules";
import { commentCollection, commentSeenBy } from "../domain/comments";
import { contentEndpoints, type WireKind, wireDate } from "./content-endpoints";
import { commentWire } from "./wire-schemas";

type Comment = Awaited<ReturnType<typeof commentCollection.get>>;

// `id` is the blog's id, as in the specification; `?blogId=` filters the list on the server.
// A comment shows its writer's name and photo (stored with it); the writer's e-mail and account
// are theirs and the admins' alone.
export const commentWireKind: WireKind<Comment> = {
  collection: commentCollection,
  tag: "Comments",
  paths: { list: ["/blog/comment"], one: ["/blog/comment/:id"], create: ["/blog/comment"] },
  fields: { id: "blogId", name: "name", email: "email", info: "message", img: "photoUrl" },
  filters: ["blogId"],
  wire: commentWire,
  visibleTo: { email: "author or admin", authorId: "author or admin" },
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
};

export const commentEndpoints = contentEndpoints(commentWireKind);
