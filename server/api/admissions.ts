import { toMajorUnits } from "../../common/money";
import { admissionCollection } from "../domain/admissions";
import { contentEndpoints, wireDate } from "./content-endpoints";
import { admissionWire } from "./wire-schemas";

// Multipart with title, price, about, image1 (a link) and an image file; answers
// {_id, image, admition: {title, about, price}} with image a URL and price in major units.
export const admissionEndpoints = contentEndpoints({
  collection: admissionCollection,
  tag: "Admissions",
  paths: {
    list: ["/Admition/admition"],
    one: ["/Admition/admition/:id"],
    create: ["/AddAdmition", "/Admition/AddAdmition"],
    delete: ["/Admition/deleteAdmition/:id"],
  },
  fields: { title: "title", price: "priceMinor", about: "about" },
  imageFields: ["image", "image1"],
  wire: admissionWire,
  toWire: (admission) => ({
    _id: admission.id,
    image: admission.image?.url ?? null,
    imageSet: admission.image,
    admition: { title: admission.title, about: admission.about, price: toMajorUnits(admission.priceMinor) },
    date: wireDate(admission),
  }),
});
