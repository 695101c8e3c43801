import { studentInput } from "../../common/schemas/content";
import { students } from "../db/schema";
import { adminsOrEveryone, collection, rejectedHiddenFromNonAdmins } from "./content/collection";

export const studentCollection = collection({
  name: "Student",
  table: students,
  input: studentInput,
  searchColumn: students.name,
  create: "admin",
  change: "admin",
  image: "optional",
  hiddenFrom: rejectedHiddenFromNonAdmins(students.status),
  views: adminsOrEveryone,
  // New students wait for review, whatever the request says.
  onCreate: () => ({ status: "pending" }),
});
