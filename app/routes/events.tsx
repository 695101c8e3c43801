// /events: the academic calendar. A month as a grid (Saturday to Friday, as the week runs here)
// and the same month's events as an agenda, both plain HTML: the months are links (?month=2026-12),
// each day's events link to their entry in the agenda, and each entry to its .ics. The feed
// /events.ics is offered for a phone's calendar. Dates are Bangladesh's (UTC+6).
import { href } from "react-router";
import { dayNumberOf, daysIn, firstWeekday, monthKey } from "../../common/calendar";
import { dhakaDayOf } from "../../common/dates";
import type { EventCategory } from "../../common/kinds/events";
import type { MessageKey } from "../../i18n";
import { formatNumber } from "../../i18n/format";
import { ExtraDates, useExtraDates } from "../components/dates";
import { formatEventTime, formatMonth } from "../lib/event-time";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { textOf } from "../lib/meta";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import type { Route } from "./+types/events";
import { monthOfEvents } from "./events.server";

/** The week as it is set out here: Saturday first, Friday (the weekly holiday) last. */
const weekOrder = [6, 0, 1, 2, 3, 4, 5] as const;
const shownPerDay = 2;

// The same for every reader of a view (decision 0037).
export const handle = {
  ...readingPage,
  ...sharedPage,
  texts: ["events"],
  query: ["month"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, ({ request, context }: Route.LoaderArgs) => {
  return monthOfEvents(context, request);
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: { key: "events.heading" },
    description: textOf(matches, "events.description"),
    path: loaderData
      ? `${href("/events")}?month=${monthKey(loaderData.year, loaderData.month)}`
      : href("/events"),
  });

type Shown = Route.ComponentProps["loaderData"]["events"][number];

const categoryLabel = (category: EventCategory): MessageKey => `events.category.${category}`;

/** The weeks of the month: each a row of seven day numbers (since 1970), or null before the first. */
function weeksOf(year: number, month: number): (number | null)[][] {
  const lead = weekOrder.indexOf(firstWeekday(year, month) as (typeof weekOrder)[number]);
  const first = dayNumberOf({ year, month, day: 1 });
  const cells = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: daysIn(year, month) }, (_, i) => first + i),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  const { year, month, events, today } = loaderData;
  const first = dayNumberOf({ year, month, day: 1 });
  const monthName = formatMonth(year, month, intl);
  const on = (day: number) => events.filter((event) => event.first <= day && event.last >= day);
  const when = (event: Shown) => formatEventTime(event, intl);
  // The month's first and last days in the calendars the institute shows beside the Gregorian one.
  const extra = useExtraDates();
  const firstExtra = extra(`${monthKey(year, month)}-01`);
  const lastExtra = extra(`${monthKey(year, month)}-${String(daysIn(year, month)).padStart(2, "0")}`);
  return (
    <div className="container events-page">
      <div className="list-page__head">
        <h1>{t("events.heading")}</h1>
        <p className="muted">{t("events.lead")}</p>
        <p>
          <a href={href("/events.ics")} data-testid="events-feed">
            {t("events.subscribe")}
          </a>
        </p>
      </div>
      <nav className="events-page__months" aria-label={t("events.month")}>
        <a href={`${href("/events")}?month=${loaderData.previous}`} rel="prev" data-testid="previous-month">
          ← {t("events.previous")}
        </a>
        <a href={`${href("/events")}?month=${loaderData.next}`} rel="next" data-testid="next-month">
          {t("events.next")} →
        </a>
      </nav>
      <table className="events-grid" data-testid="month-grid">
        <caption>
          {monthName}
          {firstExtra ? (
            <span className="muted extra-dates" data-testid="month-extra-dates">
              {` (${firstExtra} – ${lastExtra})`}
            </span>
          ) : null}
        </caption>
        <thead>
          <tr>
            {weekOrder.map((weekday) => (
              <th key={weekday} scope="col">
                {t(`events.weekday.${weekday}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(year, month).map((week) => (
            <tr key={week.find((day) => day !== null) ?? 0}>
              {week.map((day, index) => {
                if (day === null) return <td key={`blank ${weekOrder[index]}`} />;
                const happening = on(day);
                return (
                  <td
                    key={day}
                    className={day === today ? "events-grid__today" : undefined}
                    aria-current={day === today ? "date" : undefined}
                    data-testid="day"
                  >
                    <span className="events-grid__day">{formatNumber(day - first + 1, intl)}</span>
                    {happening.slice(0, shownPerDay).map((event) => (
                      <a
                        key={event.id}
                        href={`#event-${event.id}`}
                        className={`events-grid__event events-grid__event--${event.category}`}
                      >
                        {event.title}
                      </a>
                    ))}
                    {happening.length > shownPerDay ? (
                      <span className="events-grid__more">
                        {t("events.more", { count: formatNumber(happening.length - shownPerDay, intl) })}
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="events-agenda__heading" data-testid="agenda-heading">
        {t("events.agenda")}
      </h2>
      {events.length === 0 ? (
        <p role="status">{t("events.none")}</p>
      ) : (
        <ol className="events-agenda" data-testid="agenda">
          {events.map((event) => (
            <li key={event.id} id={`event-${event.id}`} className="events-agenda__item" data-testid="event">
              <h3>{event.title}</h3>
              <p className="muted">
                <span className={`events-agenda__category events-grid__event--${event.category}`}>
                  {t(categoryLabel(event.category))}
                </span>{" "}
                <time dateTime={event.startsAt}>{when(event)}</time>
                <ExtraDates value={dhakaDayOf(event.startsAt)} />
                {event.allDay ? ` · ${t("events.allDay")}` : ""}
              </p>
              {event.place ? (
                <p>
                  {t("events.place")}: {event.place}
                </p>
              ) : null}
              {event.description ? <p>{event.description}</p> : null}
              <a href={href("/events/:file", { file: `${event.id}.ics` })} data-testid="event-ics">
                {t("events.download")}
              </a>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
