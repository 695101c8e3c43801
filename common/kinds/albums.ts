// The photo gallery's albums: everyone sees them, admins add, change and delete them. The
// album's pictures are its photos (album_photos, added on its photos page), so the album itself
// carries no image.
import { defineKind } from "./define";

export const albums = defineKind({
  one: "album",
  texts: {
    label: { en: "Album", bn: "অ্যালবাম" },
    menu: { en: "Photo albums", bn: "ফটো অ্যালবাম" },
    add: { en: "Add album", bn: "অ্যালবাম যোগ করুন" },
    heading: { en: "ADD ALBUM", bn: "অ্যালবাম যোগ করুন" },
    overview: { en: "Photo albums", bn: "ফটো অ্যালবাম" },
    audit: { en: "Album", bn: "অ্যালবাম" },
    deleteOne: { en: "album", bn: "অ্যালবাম" },
    deleteOther: { en: "albums", bn: "অ্যালবাম" },
  },
  addPath: "albumAdd",
  publicPath: "/gallery",
  titleField: "title",
  listDate: "heldOn",
  image: "none",
  reviewed: false,
  access: { create: "admin", change: "admin" },
  fields: [
    {
      name: "title",
      rule: (r) => r.requiredText("title", 200),
      widget: "text",
      label: "forms.title",
      required: true,
    },
    {
      name: "heldOn",
      rule: (r) => r.moment("date", false).optional(),
      widget: "datetime-local",
      label: "forms.albumDate",
    },
    {
      name: "description",
      rule: (r) => r.optionalText("description", 5000, "many"),
      widget: "textarea",
      label: "forms.description",
    },
    {
      name: "coverPhotoId",
      // One of the album's own photos, or "" for the first.
      rule: ({ z, issue, uuid }) =>
        z
          .union([uuid("cover"), z.literal("")], { error: issue("content.coverPhoto") })
          .transform((value) => value || null)
          .optional(),
    },
  ],
});
