import { resultInput } from "../../common/schemas/content";
import { results } from "../db/schema";
import { collection } from "./content/collection";

export const resultCollection = collection({
  kind: "results",
  table: results,
  input: resultInput,
  searchColumn: results.title,
  create: "admin",
  change: "admin",
});
