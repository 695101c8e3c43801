// Results, the server's part (common/kinds/results.ts is the definition): its table, and its
// REST names (the specification's paths; the image as `image` or `ima`).
import { z } from "zod";
import { wireDate } from "../api/kind-rest";
import { id, imageFields, timestamp } from "../api/wire-schemas";
import { results } from "../db/schema";
import { serverKind } from "./content/server-kind";

export const resultKind = serverKind({
  kind: "results",
  table: results,
  rest: {
    tag: "Results",
    paths: { list: ["/result/results"], one: ["/result/result/:id"], create: ["/result/Addresult"] },
    fields: { title: "title", information: "information" },
    imageFields: ["image", "ima"],
    wire: z.strictObject({
      _id: id,
      title: z.string(),
      information: z.string(),
      ...imageFields("image"),
      date: timestamp,
    }),
    toWire: (result) => ({
      _id: result.id,
      title: result.title,
      information: result.information,
      image: result.image?.url ?? null,
      imageSet: result.image,
      date: wireDate(result),
    }),
  },
});

export const resultCollection = resultKind.collection;
