import { teacherInput } from "../../common/schemas/content";
import { teachers } from "../db/schema";
import { collection, rejectedHiddenFromNonAdmins } from "./content/collection";

export const teacherCollection = collection({
  name: "Teacher",
  table: teachers,
  input: teacherInput,
  searchColumn: teachers.name,
  create: "admin",
  change: "admin",
  image: "optional",
  hiddenFrom: rejectedHiddenFromNonAdmins(teachers.status),
  // New teachers wait for review, whatever the request says.
  onCreate: () => ({ status: "pending" }),
});
