import { blogCollection } from "../domain/blogs";
import { contentEndpoints, wireDate } from "./content-endpoints";
import { blogWire } from "./wire-schemas";

export const blogEndpoints = contentEndpoints({
  collection: blogCollection,
  tag: "Blogs",
  paths: { list: ["/blog/blogs"], one: ["/blog/blogs/:id"], create: ["/blog/blogs"] },
  fields: { title: "title", email: "authorEmail", blog: "body", catagori: "category", status: "status" },
  imageFields: ["image"],
  filters: ["status"],
  wire: blogWire,
  toWire: (blog) => ({
    _id: blog.id,
    title: blog.title,
    email: blog.authorEmail,
    blog: blog.body,
    catagori: blog.category,
    image: blog.image?.url ?? null,
    imageSet: blog.image,
    status: blog.status,
    date: wireDate(blog),
  }),
});
