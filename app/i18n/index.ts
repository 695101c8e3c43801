// The dictionaries, for the server: a page receives its language's texts from the root loader.
import { bn } from "./bn";
import { en } from "./en";
import { errorMessagesBn, noAccountBn, noAccountPrefix } from "./errors";
import type { ErrorTable, Locale, Messages } from "./translate";

export * from "./translate";

export const dictionaries: Record<Locale, Messages> = { en, bn };

export const errorTables: Record<Locale, ErrorTable | undefined> = {
  en: undefined,
  bn: { exact: errorMessagesBn, prefixes: [[noAccountPrefix, noAccountBn]] },
};
