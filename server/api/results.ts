import { resultCollection } from "../domain/results";
import { contentEndpoints, wireDate } from "./content-endpoints";
import { resultWire } from "./wire-schemas";

export const resultEndpoints = contentEndpoints({
  collection: resultCollection,
  tag: "Results",
  paths: { list: ["/result/results"], one: ["/result/result/:id"], create: ["/result/Addresult"] },
  fields: { title: "title", information: "information" },
  imageFields: ["image", "ima"],
  wire: resultWire,
  toWire: (result) => ({
    _id: result.id,
    title: result.title,
    information: result.information,
    image: result.image?.url ?? null,
    imageSet: result.image,
    date: wireDate(result),
  }),
});
