import { resultInput } from "../../common/schemas/content";
import { results } from "../db/schema";
import { collection } from "./content/collection";

export const resultCollection = collection({
  name: "Result",
  table: results,
  input: resultInput,
  searchColumn: results.title,
  create: "admin",
  change: "admin",
  image: "optional",
});
