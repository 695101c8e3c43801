// The active language in components: read from the root loader's data.
import { useRouteLoaderData } from "react-router";
import { intlLocale, type Locale, type MessageKey, type Messages, translate, translateError } from "../i18n";
import { en } from "../i18n/en";

type RootI18n = { locale: Locale; messages: Messages };

export function useI18n() {
  const data = useRouteLoaderData("root") as RootI18n | undefined;
  const locale = data?.locale ?? "en";
  const messages = data?.messages ?? en;
  return {
    locale,
    intl: intlLocale[locale],
    t: (key: MessageKey, vars?: Record<string, string | number>) => translate(messages, key, vars),
    te: (message: string) => translateError(locale, message),
  };
}
