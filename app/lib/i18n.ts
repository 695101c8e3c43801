// The active language in components: its texts come with the root loader's data.
import { useRouteLoaderData } from "react-router";
import {
  type ErrorTable,
  intlLocale,
  type Locale,
  type MessageKey,
  type Messages,
  translate,
  translateError,
} from "../i18n/translate";

type RootI18n = { locale: Locale; messages: Messages; errorMessages?: ErrorTable };

export function useI18n() {
  const data = useRouteLoaderData("root") as RootI18n | undefined;
  const locale = data?.locale ?? "en";
  const messages = data?.messages ?? {};
  return {
    locale,
    intl: intlLocale[locale],
    t: (key: MessageKey, vars?: Record<string, string | number>) => translate(messages, key, vars),
    /** A message from the server or a schema, in the reader's language when we have it. */
    te: (message: string) => translateError(data?.errorMessages, message),
  };
}
