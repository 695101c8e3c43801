// Clubs, the server's part (common/kinds/clubs.ts is the definition): its table and its samples.
// Its REST calls are the plain ones (/api/clubs), made from the definition and the table.
import { clubs } from "../db/schema";
import { insertStamped, type KindSamples } from "./content/samples";
import { serverKind } from "./content/server-kind";

/** A fresh installation's clubs, each with a picture (server/sample-content/seed.ts). */
const samples: KindSamples = {
  pictures: { hue: 300, label: "Club", place: 8, titles: () => sampleClubs.map((club) => club.title) },
  insert: async (seeding) => ({
    rows: await insertStamped(seeding, clubs, sampleClubs, (club) => club.title),
  }),
};

export const clubKind = serverKind({ samples, kind: "clubs", table: clubs });

/** The sample clubs, newest first. */
const sampleClubs = [
  { title: "Debate club", body: "Meets on Thursdays after the last period, in room 104." },
  { title: "Science club", body: "Experiments, the science fair and a visit to the planetarium." },
];
