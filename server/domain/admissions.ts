import { admissionInput } from "../../common/schemas/content";
import { admissions } from "../db/schema";
import { collection } from "./content/collection";

export const admissionCollection = collection({
  kind: "admissions",
  table: admissions,
  input: admissionInput,
  searchColumn: admissions.title,
  create: "admin",
  change: "admin",
});
