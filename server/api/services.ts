import { serviceCollection } from "../domain/services";
import { contentEndpoints, wireDate } from "./content-endpoints";
import { serviceWire } from "./wire-schemas";

export const serviceEndpoints = contentEndpoints({
  collection: serviceCollection,
  tag: "Services",
  paths: { list: ["/service/services"], one: ["/service/services/:id"], create: ["/service/addServices"] },
  fields: { serviceName: "name", about: "about" },
  imageFields: ["img", "image"],
  wire: serviceWire,
  toWire: (service) => ({
    _id: service.id,
    serviceName: service.name,
    about: service.about,
    img: service.image?.url ?? null,
    imageSet: service.image,
    date: wireDate(service),
  }),
});
