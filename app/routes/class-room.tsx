// /classRoome: the class routine (the specification's "Class Room" page keeps its heading). The
// classes and teachers are links; ?class=<id>&section=A shows that class's week, ?teacher=<id> a
// teacher's, and ?date=YYYY-MM-DD (today in Dhaka unless given) the substitutes of that day,
// marked as such. Plain HTML without script; printed, one class's week fits one A4 page.
import { data, href } from "react-router";
import { dateText, dhakaToday } from "../../common/schemas/routines";
import { formatDate } from "../../i18n/format";
import { listClasses } from "../../server/domain/classes";
import { DomainError } from "../../server/domain/errors";
import { classRoutine, readWeek, teacherRoutine, teachersOfTheWeek } from "../../server/domain/routines";
import { classLabelKey } from "../components/lists/labels";
import { dayLabel, WeekTable } from "../components/routines/week-table";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { textOf } from "../lib/meta";
import { pageOf } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import type { Route } from "./+types/class-room";

// The same for every reader of a view (decision 0037).
export const handle = {
  ...readingPage,
  ...sharedPage,
  texts: ["routines"],
  query: ["class", "date", "section", "teacher"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const { services } = pageOf(context);
  const query = new URL(request.url).searchParams;
  const givenDate = dateText.safeParse(query.get("date") ?? "");
  const date = givenDate.success ? givenDate.data : dhakaToday();
  const [classes, teachers, week] = await Promise.all([
    listClasses(services.db),
    teachersOfTheWeek(services.db),
    readWeek(services.db),
  ]);
  const base = { classes, teachers, week, date, dateGiven: givenDate.success };
  try {
    const classId = query.get("class");
    if (classId) {
      const routine = await classRoutine(services.db, classId, query.get("section") ?? "", date);
      return { ...base, routine, teacher: null };
    }
    const teacherId = query.get("teacher");
    if (teacherId) {
      return { ...base, routine: null, teacher: await teacherRoutine(services.db, teacherId, date) };
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ ...base, routine: null, teacher: null, notFound: true }, { status: 404 });
  }
  return { ...base, routine: null, teacher: null };
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const params = new URLSearchParams();
  if (loaderData?.routine) {
    params.set("class", loaderData.routine.class.id);
    if (loaderData.routine.section) params.set("section", loaderData.routine.section);
  } else if (loaderData?.teacher) params.set("teacher", loaderData.teacher.teacher.id);
  if (loaderData?.dateGiven) params.set("date", loaderData.date);
  const search = params.toString();
  return seo(matches, {
    title: { key: "page.classRoom" },
    description: textOf(matches, "routines.description"),
    path: search ? `${href("/classRoome")}?${search}` : href("/classRoome"),
  });
};

const classHref = (id: string, section: string) =>
  `${href("/classRoome")}?class=${id}${section ? `&section=${encodeURIComponent(section)}` : ""}`;

export default function ClassRoom({ loaderData }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  const { classes, teachers, week, date, routine, teacher } = loaderData;
  const notFound = "notFound" in loaderData && loaderData.notFound;
  // The classes of the list in the reader's language; a class the institute added keeps its name.
  const className = (name: string) => {
    const key = classLabelKey(name);
    return key ? t(key) : name;
  };
  const weekday = routine?.weekday ?? teacher?.weekday ?? "";
  const dateLine = weekday
    ? t("routines.forDate", { day: t(dayLabel(weekday)), date: formatDate(date, intl) })
    : null;
  const classTitle = routine
    ? routine.section
      ? t("routines.classSection", { class: className(routine.class.name), section: routine.section })
      : className(routine.class.name)
    : "";
  return (
    <div className="container routine-page">
      <h1>{t("page.classRoom")}</h1>
      <p className="lead no-print">{t("routines.lead")}</p>
      {notFound ? (
        <p role="alert" className="notice">
          {t("routines.notFound")}
        </p>
      ) : null}

      {routine || teacher ? (
        <div className="routine-week">
          <h2>
            {routine
              ? t("routines.classWeek", { class: classTitle })
              : t("routines.teacherWeek", { name: teacher?.teacher.name ?? "" })}
          </h2>
          <form method="get" action={href("/classRoome")} className="routine-date no-print">
            {routine ? <input type="hidden" name="class" value={routine.class.id} /> : null}
            {routine?.section ? <input type="hidden" name="section" value={routine.section} /> : null}
            {teacher ? <input type="hidden" name="teacher" value={teacher.teacher.id} /> : null}
            <label htmlFor="routine-date">{t("routines.date")}</label>
            <input id="routine-date" type="date" name="date" defaultValue={date} />
            <button type="submit" className="button">
              {t("routines.show")}
            </button>
          </form>
          <p className="muted">{dateLine}</p>
          {week.periods.length === 0 ? <p>{t("routines.noPeriods")}</p> : null}
          {routine && week.periods.length > 0 ? (
            routine.slots.length === 0 ? (
              <p>{t("routines.empty")}</p>
            ) : (
              <WeekTable
                id="routine-caption"
                caption={t("routines.classWeek", { class: classTitle })}
                days={week.days}
                periods={week.periods}
                today={routine.weekday}
                cell={(day, period) => {
                  const slot = routine.slots.find((s) => s.day === day && s.period === period);
                  if (!slot) return null;
                  return (
                    <>
                      <span className="routine-slot__subject">{slot.subject}</span>
                      {slot.substitute ? (
                        <span className="routine-slot__substitute">
                          <a href={`${href("/classRoome")}?teacher=${slot.substitute.id}&date=${date}`}>
                            {t("routines.substitute", { name: slot.substitute.name })}
                          </a>
                          {slot.teacher ? (
                            <span className="routine-slot__meta">
                              {" "}
                              {t("routines.insteadOf", { name: slot.teacher.name })}
                            </span>
                          ) : null}
                        </span>
                      ) : slot.teacher ? (
                        <a href={`${href("/classRoome")}?teacher=${slot.teacher.id}`}>{slot.teacher.name}</a>
                      ) : null}
                      {slot.room ? (
                        <span className="routine-slot__meta">{t("routines.room", { room: slot.room })}</span>
                      ) : null}
                    </>
                  );
                }}
              />
            )
          ) : null}
          {teacher && week.periods.length > 0 ? (
            teacher.slots.length === 0 ? (
              <p>{t("routines.teacherEmpty")}</p>
            ) : (
              <WeekTable
                id="routine-caption"
                caption={t("routines.teacherWeek", { name: teacher.teacher.name })}
                days={week.days}
                periods={week.periods}
                today={teacher.weekday}
                cell={(day, period) => {
                  const slots = teacher.slots.filter((s) => s.day === day && s.period === period);
                  if (slots.length === 0) return null;
                  return slots.map((slot) => (
                    <span
                      key={`${slot.class.id} ${slot.section} ${slot.asSubstitute}`}
                      className={slot.replacedBy ? "routine-slot routine-slot--replaced" : "routine-slot"}
                    >
                      <span className="routine-slot__subject">{slot.subject}</span>
                      <a href={`${classHref(slot.class.id, slot.section)}&date=${date}`}>
                        {slot.section
                          ? t("routines.classSection", {
                              class: className(slot.class.name),
                              section: slot.section,
                            })
                          : className(slot.class.name)}
                      </a>
                      {slot.room ? (
                        <span className="routine-slot__meta">{t("routines.room", { room: slot.room })}</span>
                      ) : null}
                      {slot.asSubstitute ? (
                        <span className="routine-slot__substitute">{t("routines.asSubstitute")}</span>
                      ) : null}
                      {slot.replacedBy ? (
                        <span className="routine-slot__substitute">
                          {t("routines.replacedBy", { name: slot.replacedBy.name })}
                        </span>
                      ) : null}
                    </span>
                  ));
                }}
              />
            )
          ) : null}
        </div>
      ) : null}

      <nav aria-labelledby="routine-classes" className="routine-links no-print">
        <h2 id="routine-classes">{t("routines.classes")}</h2>
        <ul>
          {classes.flatMap((item) =>
            (item.sections.length ? item.sections : [""]).map((section) => {
              const current = routine?.class.id === item.id && routine.section === section;
              return (
                <li key={`${item.id} ${section}`}>
                  <a href={classHref(item.id, section)} aria-current={current ? "page" : undefined}>
                    {section
                      ? t("routines.classSection", { class: className(item.name), section })
                      : className(item.name)}
                  </a>
                </li>
              );
            }),
          )}
        </ul>
      </nav>
      {teachers.length ? (
        <nav aria-labelledby="routine-teachers" className="routine-links no-print">
          <h2 id="routine-teachers">{t("routines.teachers")}</h2>
          <ul>
            {teachers.map((item) => (
              <li key={item.id}>
                <a
                  href={`${href("/classRoome")}?teacher=${item.id}`}
                  aria-current={teacher?.teacher.id === item.id ? "page" : undefined}
                >
                  {item.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
