// /profile-route/classes: a teacher's class-subjects of their newest session, each with the
// session's exams of that subject, linked to the exam's marks grid at that subject.
import { data, href } from "react-router";
import { localDigits } from "../../i18n/format";
import { DomainError } from "../../server/domain/errors";
import { myTeaching } from "../../server/domain/register/family";
import { classLabelKey } from "../components/lists/labels";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/profile.classes";

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, texts: ["family"] } satisfies TextsHandle;

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const actor = requireUserPage(context, request);
  const { services } = pageOf(context);
  try {
    return await myTeaching(services.db, actor);
  } catch (error) {
    if (error instanceof DomainError && error.code === "forbidden") throw data(null, { status: 403 });
    throw error;
  }
});

export default function MyClasses({ loaderData }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  const { session, classes } = loaderData;
  const className = (name: string) => {
    const key = classLabelKey(name);
    return key ? t(key) : name;
  };
  return (
    <section className="stack" aria-labelledby="classes-heading">
      <h2 id="classes-heading">{t("family.classes.heading")}</h2>
      {session === null || classes.length === 0 ? (
        <p>{t("family.classes.none")}</p>
      ) : (
        <>
          <p className="muted">{t("family.classes.lead", { session: localDigits(session, intl) })}</p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
          <section className="table-scroll" tabIndex={0} aria-labelledby="classes-caption">
            <table className="table">
              <caption id="classes-caption">
                {t("family.classes.caption", { session: localDigits(session, intl) })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("family.classes.class")}</th>
                  <th scope="col">{t("family.classes.section")}</th>
                  <th scope="col">{t("family.classes.subject")}</th>
                  <th scope="col">{t("family.classes.exams")}</th>
                </tr>
              </thead>
              <tbody>
                {classes.map((row) => (
                  <tr key={`${row.classId} ${row.section} ${row.subject}`}>
                    <td>{className(row.className)}</td>
                    <td>{row.section || t("family.classes.allSections")}</td>
                    <td>{row.subject}</td>
                    <td>
                      {row.exams.length === 0 ? (
                        t("family.classes.noExams")
                      ) : (
                        <ul>
                          {row.exams.map((exam) => (
                            <li key={exam.id}>
                              <a
                                href={`${href("/DeashBoard/exams/:id", { id: exam.id })}?subject=${encodeURIComponent(exam.subjectCode)}`}
                              >
                                {t("family.classes.marksOf", {
                                  exam: exam.name,
                                  session: localDigits(session, intl),
                                })}
                              </a>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </section>
  );
}
