// Page titles in the reader's language, from the loaders' texts.
import type { MessageKey, Messages } from "../../i18n/translate";

export type Match = { id: string; loaderData?: unknown } | undefined;

/** A text in the reader's language: a section's own (dashboard, profile) or the root loader's. */
export function textOf(matches: Match[], key: MessageKey): string | undefined {
  for (const match of matches) {
    const texts = (match?.loaderData as { sectionMessages?: Partial<Messages> } | undefined)?.sectionMessages;
    if (texts?.[key] !== undefined) return texts[key];
  }
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { messages?: Partial<Messages> }
    | undefined;
  return root?.messages?.[key];
}

export function pageTitle(matches: Match[], key: MessageKey) {
  const brand = textOf(matches, "brand.name") ?? "Maktab";
  const page = textOf(matches, key);
  return [{ title: page ? `${page} | ${brand}` : brand }];
}
