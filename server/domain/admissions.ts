// Admissions, the server's part (common/kinds/admissions.ts is the definition): its table and rules of its own.
import { admissions } from "../db/schema";
import { serverKind } from "./content/server-kind";

export const admissionKind = serverKind({
  kind: "admissions",
  table: admissions,
});

export const admissionCollection = admissionKind.collection;
