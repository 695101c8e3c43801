// Results, the server's part (common/kinds/results.ts is the definition): its table, and its
// REST names (the specification's paths; the image as `image` or `ima`).
import { z } from "zod";
import { wireDate } from "../api/kind-rest";
import { id, imageFields, timestamp } from "../api/wire-schemas";
import { results } from "../db/schema";
import { insertStamped, type KindSamples } from "./content/samples";
import { serverKind } from "./content/server-kind";

/** A fresh installation's results, each with a picture (server/sample-content/seed.ts). */
const samples: KindSamples = {
  pictures: {
    hue: 266,
    label: "Result",
    place: 2,
    titles: (year) => sampleResults(year).map((item) => item.title),
  },
  insert: async (seeding) => ({
    rows: await insertStamped(seeding, results, sampleResults(seeding.year), (item) => item.title),
  }),
};

export const resultKind = serverKind({
  samples,
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

export type SampleResult = { title: string; information: string };

/** The sample results, newest first. */
export function sampleResults(year: number): SampleResult[] {
  const last = year - 1;
  return [
    {
      // The sample exam (server/sample-content/data.ts, sampleExam): its first student.
      title: `Half-yearly examination ${year} - Class Six`,
      information:
        "Results of the half-yearly examination for Class Six are published: every student passed. " +
        `Find a marksheet on the results page: try roll 1 and registration ${year}06001. ` +
        "Parents are welcome to discuss their child's progress on the next parents' day.",
    },
    {
      title: `Half-yearly examination ${year} - Class Five`,
      information:
        "All 48 students of Class Five passed the half-yearly examination. " +
        "The highest marks were achieved in mathematics and Arabic. Mark sheets are available from the office.",
    },
    {
      title: `Annual examination ${last} - Alim`,
      information:
        "Results of the annual examination for the Alim classes are published. The pass rate was 96 percent. " +
        "Students who need to re-sit a subject will receive a schedule from the academic office.",
    },
    {
      title: `Annual examination ${last} - Class Eight`,
      information:
        "Results of the annual examination for Class Eight are published. 59 of 61 students were promoted to Class Nine. " +
        "Subject choices for Class Nine must be submitted to the office within two weeks.",
    },
  ];
}
