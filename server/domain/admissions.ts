import { admissionInput } from "../../common/schemas/content";
import { admissions } from "../db/schema";
import { collection } from "./content/collection";

export const admissionCollection = collection({
  name: "Admission",
  table: admissions,
  input: admissionInput,
  searchColumn: admissions.title,
  create: "admin",
  change: "admin",
  image: "required",
});
