import { noticeCollection } from "../domain/notices";
import { contentEndpoints, wireDate } from "./content-endpoints";
import { noticeWire } from "./wire-schemas";

export const noticeEndpoints = contentEndpoints({
  collection: noticeCollection,
  tag: "Notices",
  paths: { list: ["/Notice/notices"], one: ["/Notice/notices/:id"], create: ["/Notice/notices"] },
  // The specification spells it Title; title is taken too.
  fields: { Title: "title", title: "title", about: "about" },
  imageFields: ["image"],
  wire: noticeWire,
  toWire: (notice) => ({
    _id: notice.id,
    Title: notice.title,
    about: notice.about,
    image: notice.image?.url ?? null,
    imageSet: notice.image,
    date: wireDate(notice),
  }),
});
