// Results, the server's part (common/kinds/results.ts is the definition): its table and rules of its own.
import { results } from "../db/schema";
import { serverKind } from "./content/server-kind";

export const resultKind = serverKind({
  kind: "results",
  table: results,
});

export const resultCollection = resultKind.collection;
