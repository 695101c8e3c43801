// Admissions, the server's part (common/kinds/admissions.ts is the definition): its table, and
// its REST names: multipart with title, price, about, image1 (a link) and an image file; answers
// {_id, image, admition: {title, about, price}} with image a URL and price in major units.
import { z } from "zod";
import { toMajorUnits } from "../../common/money";
import { wireDate } from "../api/kind-rest";
import { id, imageFields, timestamp } from "../api/wire-schemas";
import { admissions } from "../db/schema";
import { insertStamped, type KindSamples } from "./content/samples";
import { serverKind } from "./content/server-kind";

/** A fresh installation's admissions, each with a picture (server/sample-content/seed.ts). */
const samples: KindSamples = {
  pictures: {
    hue: 152,
    label: "Admission",
    place: 0,
    titles: (year) => sampleAdmissions(year).map((item) => item.title),
  },
  insert: async (seeding) => ({
    rows: await insertStamped(seeding, admissions, sampleAdmissions(seeding.year), (item) => item.title),
  }),
};

export const admissionKind = serverKind({
  samples,
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

export type SampleAdmission = { title: string; about: string; priceMinor: number };

/** The sample admissions, newest first; the sessions' years from the current one. */
export function sampleAdmissions(year: number): SampleAdmission[] {
  const next = year + 1;
  return [
    {
      title: `Class Six admission ${next}`,
      about:
        "Admission to Class Six for the new session is open to children who have completed Class Five. " +
        "The programme follows the national curriculum alongside daily Quran and Arabic lessons. " +
        "Applicants sit a short written test in Bangla, English and mathematics, followed by a meeting with a parent.",
      priceMinor: 12000,
    },
    {
      title: "Hifz programme",
      about:
        "A full-time programme for memorising the Holy Quran under experienced huffaz, with revision every morning and evening. " +
        "Students also continue general lessons in Bangla, English and mathematics in the afternoon. " +
        "Places are limited so that every student gets individual attention.",
      priceMinor: 15000,
    },
    {
      title: `Alim first year ${next}`,
      about:
        "Admission to the first year of Alim for students who have passed Dakhil or SSC. " +
        "Subjects include Quran, Hadith, Fiqh and Arabic literature together with English, ICT and science electives. " +
        "Hostel seats are available for students from outside the district.",
      priceMinor: 18000,
    },
    {
      title: `Class One admission ${next}`,
      about:
        "Our youngest learners begin with reading, writing and numbers in a warm, caring classroom. " +
        "Children learn the Arabic alphabet and short surahs through stories and songs. " +
        "Parents are invited to an orientation morning before classes start.",
      priceMinor: 8000,
    },
    {
      title: `Class Nine science group ${next}`,
      about:
        "Admission to Class Nine in the science group for students with a strong result in Class Eight. " +
        "Practical classes in physics, chemistry and biology take place in our renovated science lab. " +
        "Extra mathematics support is offered twice a week.",
      priceMinor: 14000,
    },
    {
      title: "Evening Arabic language course",
      about:
        "A six-month course in spoken and written Arabic for adults and older students, held three evenings a week. " +
        "The course covers everyday conversation, grammar and reading short texts. " +
        "A certificate is awarded to everyone who completes the final assessment.",
      priceMinor: 5000,
    },
  ];
}
