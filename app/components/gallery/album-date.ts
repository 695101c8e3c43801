import { formatter } from "../../../i18n/format";

/** An album's date as the institute's calendar has it (Dhaka), in the reader's language. */
export function formatAlbumDate(value: string, intl: string): string {
  return formatter(
    `album date ${intl}`,
    () =>
      new Intl.DateTimeFormat(intl, {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "Asia/Dhaka",
      }),
  ).format(new Date(value));
}
