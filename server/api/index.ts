// Every REST endpoint, in one list: the router, and later the OpenAPI document, read it.
import type { AnyEndpoint } from "./endpoint";
import { userEndpoints } from "./users";

export const endpoints: AnyEndpoint[] = [...userEndpoints];
