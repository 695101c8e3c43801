// Admissions, the server's part (common/kinds/admissions.ts is the definition): its table, and
// its REST names: multipart with title, price, about, image1 (a link) and an image file; answers
// {_id, image, admition: {title, about, price}} with image a URL and price in major units.
import { z } from "zod";
import { toMajorUnits } from "../../common/money";
import { wireDate } from "../api/kind-rest";
import { id, imageFields, timestamp } from "../api/wire-schemas";
import { admissions } from "../db/schema";
import { serverKind } from "./content/server-kind";

export const admissionKind = serverKind({
  kind: "admissions",
  table: admissions,
  rest: {
    tag: "Admissions",
    paths: {
      list: ["/Admition/admition"],
      one: ["/Admition/admition/:id"],
      create: ["/AddAdmition", "/Admition/AddAdmition"],
      delete: ["/Admition/deleteAdmition/:id"],
    },
    fields: { title: "title", price: "priceMinor", about: "about" },
    imageFields: ["image", "image1"],
    wire: z.strictObject({
      _id: id,
      ...imageFields("image"),
      admition: z.strictObject({
        title: z.string(),
        about: z.string(),
        price: z.number().meta({ description: "In major units (120.5)" }),
      }),
      date: timestamp,
    }),
    toWire: (admission) => ({
      _id: admission.id,
      image: admission.image?.url ?? null,
      imageSet: admission.image,
      admition: { title: admission.title, about: admission.about, price: toMajorUnits(admission.priceMinor) },
      date: wireDate(admission),
    }),
  },
});

export const admissionCollection = admissionKind.collection;
