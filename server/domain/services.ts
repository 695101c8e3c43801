// Services, the server's part (common/kinds/services.ts is the definition): its table, and its
// REST names (the specification's serviceName, the image as `img` or `image`).
import { z } from "zod";
import { wireDate } from "../api/kind-rest";
import { id, imageFields, timestamp } from "../api/wire-schemas";
import { services } from "../db/schema";
import { serverKind } from "./content/server-kind";

export const serviceKind = serverKind({
  kind: "services",
  table: services,
  rest: {
    tag: "Services",
    paths: { list: ["/service/services"], one: ["/service/services/:id"], create: ["/service/addServices"] },
    fields: { serviceName: "name", about: "about" },
    imageFields: ["img", "image"],
    wire: z.strictObject({
      _id: id,
      serviceName: z.string(),
      about: z.string(),
      ...imageFields("img"),
      date: timestamp,
    }),
    toWire: (service) => ({
      _id: service.id,
      serviceName: service.name,
      about: service.about,
      img: service.image?.url ?? null,
      imageSet: service.image,
      date: wireDate(service),
    }),
  },
});

export const serviceCollection = serviceKind.collection;
