// Page titles in the reader's language, from the root loader's texts.
import type { MessageKey, Messages } from "../i18n/translate";

type Match = { id: string; loaderData?: unknown } | undefined;

export function pageTitle(matches: Match[], key: MessageKey) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { messages?: Messages }
    | undefined;
  const brand = root?.messages?.["brand.name"] ?? "Maktab";
  const page = root?.messages?.[key];
  return [{ title: page ? `${page} | ${brand}` : brand }];
}
