import { serviceInput } from "../../common/schemas/content";
import { services } from "../db/schema";
import { collection } from "./content/collection";

export const serviceCollection = collection({
  kind: "services",
  table: services,
  input: serviceInput,
  searchColumn: services.name,
  create: "admin",
  change: "admin",
});
