// The dates the institute keeps beside a Gregorian one (docs/offline-and-dates.md): the Bangla
// calendar's and the Hijri, as its settings choose, in the reader's language. One component for
// every page that shows a date (notices, events, the calendar, receipts, marksheets); the settings
// come with the root loader's data, so it needs no data of its own.
import { useMatches } from "react-router";
import { type DateSettings, defaultDateSettings, extraDates } from "../../common/dates";
import { useI18n } from "../lib/i18n";

/** The institute's choice, from the root loader's data. */
export function useDateSettings(): DateSettings {
  const root = useMatches().find((match) => match.id === "root")?.loaderData as
    | { dates?: DateSettings }
    | undefined;
  return root?.dates ?? defaultDateSettings;
}

/** The extra dates of a day as text ("১ বৈশাখ ১৪৩৩ বঙ্গাব্দ · ২৬ শাওয়াল ১৪৪৭ হিজরি"), "" when none show. */
export function useExtraDates(): (value: string | Date) => string {
  const { locale } = useI18n();
  const settings = useDateSettings();
  return (value) => extraDates(value, locale, settings).join(" · ");
}

/** The extra dates of a day after the Gregorian one beside it, or nothing when none show. */
export function ExtraDates({ value }: { value: string | Date | null | undefined }) {
  const extra = useExtraDates();
  if (!value) return null;
  const text = extra(value);
  return text ? (
    <span className="extra-dates" data-testid="extra-dates">
      {" "}
      ({text})
    </span>
  ) : null;
}
