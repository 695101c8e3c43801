// The calendar's next events, each leading to its entry in its month's agenda on /events.
import { href } from "react-router";
import { dhakaDay, monthKey } from "../../../common/calendar";
import { dhakaDayOf } from "../../../common/dates";
import { formatEventTime } from "../../lib/event-time";
import { useI18n } from "../../lib/i18n";
import type { HomeEvent } from "../../routes/home.server";
import { ExtraDates } from "../dates";

export function UpcomingEvents({ events }: { events: HomeEvent[] }) {
  const { intl } = useI18n();
  return (
    // biome-ignore lint/a11y/noRedundantRoles: list-style none drops the list role in Safari
    <ul className="notice-board" role="list">
      {events.map((event) => {
        const day = dhakaDay(new Date(event.startsAt));
        return (
          <li key={event.id} className="notice-board__item" data-testid="upcoming-event">
            <time dateTime={event.startsAt} className="notice-board__date">
              {formatEventTime(event, intl)}
              <ExtraDates value={dhakaDayOf(event.startsAt)} />
            </time>
            <div>
              <h3 className="notice-board__title">
                <a href={`${href("/events")}?month=${monthKey(day.year, day.month)}#event-${event.id}`}>
                  {event.title}
                </a>
              </h3>
              {event.place ? <p className="muted">{event.place}</p> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
