// Services, the server's part (common/kinds/services.ts is the definition): its table and rules of its own.
import { services } from "../db/schema";
import { serverKind } from "./content/server-kind";

export const serviceKind = serverKind({
  kind: "services",
  table: services,
});

export const serviceCollection = serviceKind.collection;
