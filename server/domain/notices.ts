import { noticeInput } from "../../common/schemas/content";
import { notices } from "../db/schema";
import { collection } from "./content/collection";

export const noticeCollection = collection({
  name: "Notice",
  table: notices,
  input: noticeInput,
  searchColumn: notices.title,
  create: "admin",
  change: "admin",
  image: "optional",
});
