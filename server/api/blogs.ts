import { shownLink } from "../../common/text-rules";
import { blogCollection, blogSeenBy } from "../domain/blogs";
import { contentEndpoints, type WireKind, wireDate } from "./content-endpoints";
import { blogWire } from "./wire-schemas";

type Blog = Awaited<ReturnType<typeof blogCollection.get>>;

// The byline is authorName and authorImg (the writer's display name and photo); the writer's
// e-mail (`email`, the specification's field) is theirs and the admins' alone.
export const blogWireKind: WireKind<Blog> = {
  collection: blogCollection,
  tag: "Blogs",
  paths: { list: ["/blog/blogs"], one: ["/blog/blogs/:id"], create: ["/blog/blogs"] },
  fields: { title: "title", email: "authorEmail", blog: "body", catagori: "category", status: "status" },
  imageFields: ["image"],
  filters: ["status"],
  wire: blogWire,
  visibleTo: { email: "author or admin" },
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
};

export const blogEndpoints = contentEndpoints(blogWireKind);
