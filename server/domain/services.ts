// Services, the server's part (common/kinds/services.ts is the definition): its table, and its
// REST names (the specification's serviceName, the image as `img` or `image`).
import { z } from "zod";
import { wireDate } from "../api/kind-rest";
import { id, imageFields, timestamp } from "../api/wire-schemas";
import { services } from "../db/schema";
import { insertStamped, type KindSamples } from "./content/samples";
import { serverKind } from "./content/server-kind";

/** A fresh installation's services, each with a picture (server/sample-content/seed.ts). */
const samples: KindSamples = {
  pictures: {
    hue: 186,
    label: "Service",
    place: 4,
    titles: (year) => sampleServices(year).map((item) => item.name),
  },
  insert: async (seeding) => ({
    rows: await insertStamped(seeding, services, sampleServices(seeding.year), (item) => item.name),
  }),
};

export const serviceKind = serverKind({
  samples,
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

export type SampleService = { name: string; about: string };

/** The sample services. */
export function sampleServices(_year: number): SampleService[] {
  return [
    {
      name: "Library",
      about:
        "A quiet reading room with more than four thousand books in Bangla, English, Arabic and Urdu, open every school day.",
    },
    {
      name: "Transport",
      about:
        "School buses cover the main routes of the town every morning and afternoon, with a teacher on every bus.",
    },
    {
      name: "Hostel",
      about:
        "Separate, supervised hostels for boys and girls with three healthy meals a day, evening study hours and a resident teacher.",
    },
    {
      name: "Science lab",
      about:
        "Well-equipped physics, chemistry and biology laboratories where students learn through regular practical work.",
    },
    {
      name: "Computer lab",
      about:
        "Thirty computers with internet access for ICT classes, typing practice in Bangla and English, and project work.",
    },
    {
      name: "Counselling",
      about:
        "A trained counsellor meets students who need support with their studies, their health or their family life, in confidence.",
    },
  ];
}
