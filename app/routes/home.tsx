// The home page (/ and /home): the carousel, the counters and the latest admissions, then the
// lower sections. Visitors and crawlers get them all in the first answer (readable without
// script, entry.server.tsx); signed-in people, and client-side navigations, see placeholder cards
// while they stream in.
import { href, useRouteLoaderData } from "react-router";
import {
  AdmissionCard,
  BlogCard,
  CardGrid,
  ResultCard,
  ServiceCard,
  StudentCard,
  TeacherCard,
} from "../components/home/cards";
import { ContactForm, type FormAnswer, SubscribeBox } from "../components/home/contact";
import { Counters, Hero } from "../components/home/hero";
import { contactAction, subscribeAction } from "../components/home/home-forms.server";
import { NoticeBoard } from "../components/home/notice-board";
import { HomeSection, Streamed } from "../components/home/section";
import { UpcomingEvents } from "../components/home/upcoming-events";
import { JsonLd } from "../components/json-ld";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { contentContext } from "../lib/list-page.server";
import { pageOf } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/home";
import { loadHome } from "./home.server";

// Placeholder cards while a list streams in: as many as the list usually has.
const placeholders = { teachers: 6, results: 2, services: 3, students: 5, blogs: 6, notices: 2, events: 2 };

// The same for every reader of a view (decision 0037).
export const handle = {
  ...readingPage,
  modules: ["carousel"],
  ...sharedPage,
  texts: ["home", "lists"],
  query: ["form"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, ({ context }: Route.LoaderArgs) => {
  return loadHome(contentContext(context), pageOf(context).actor);
});

// The contact form and the subscribe box post here without script (with script a fetcher posts
// to /contact or /subscribe): a refused field comes back beside the field, with what was typed.
export async function action({ request, context }: Route.ActionArgs) {
  return new URL(request.url).searchParams.get("form") === "subscribe"
    ? subscribeAction(request, context, true)
    : contactAction(request, context, true);
}

/** The home page's answer to one of its two forms, for that form only. */
const formAnswer = (answer: Route.ComponentProps["actionData"], form: string): FormAnswer | undefined =>
  answer && "form" in answer && answer.form === form ? answer : undefined;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: { key: "brand.tagline" }, path: href("/") });

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { slides, admissions, teachers, results, services, students, blogs, notices, events } = loaderData;
  return (
    <>
      <Institute />
      <Hero slides={slides} />
      <Counters />

      <HomeSection
        id="admissions"
        heading={t("home.admissions.heading")}
        more={{ href: href("/admitionAll"), label: t("home.admissions.more") }}
      >
        {admissions.length === 0 ? (
          <p className="muted">{t("list.empty")}</p>
        ) : (
          <CardGrid>
            {admissions.map((admission) => (
              <AdmissionCard key={admission.id} admission={admission} />
            ))}
          </CardGrid>
        )}
      </HomeSection>

      <HomeSection
        id="teachers"
        alt
        heading={t("home.teachers.heading")}
        // As the specification spells it: the route (ALLteacher) matches any case, href() gives only its own.
        more={{ href: "/AllTeacher", label: t("home.teachers.more") }}
      >
        <Streamed items={teachers} skeletons={placeholders.teachers} square>
          {(items) => (
            <CardGrid small>
              {items.map((teacher) => (
                <TeacherCard key={teacher.id} teacher={teacher} />
              ))}
            </CardGrid>
          )}
        </Streamed>
      </HomeSection>

      <HomeSection
        id="results"
        heading={t("home.results.heading")}
        more={{ href: href("/resultAll"), label: t("home.results.more") }}
      >
        <Streamed items={results} skeletons={placeholders.results}>
          {(items) => (
            <CardGrid>
              {items.map((result) => (
                <ResultCard key={result.id} result={result} />
              ))}
            </CardGrid>
          )}
        </Streamed>
      </HomeSection>

      <HomeSection
        id="services"
        alt
        heading={t("home.services.heading")}
        more={{ href: href("/services"), label: t("home.services.more") }}
      >
        <Streamed items={services} skeletons={placeholders.services}>
          {(items) => (
            <CardGrid>
              {items.map((service) => (
                <ServiceCard key={service.id} service={service} />
              ))}
            </CardGrid>
          )}
        </Streamed>
      </HomeSection>

      <HomeSection
        id="students"
        heading={t("home.students.heading")}
        more={{ href: href("/AllStudent"), label: t("home.students.more") }}
      >
        <Streamed items={students} skeletons={placeholders.students} square>
          {(items) => (
            <CardGrid small>
              {items.map((student) => (
                <StudentCard key={student.id} student={student} />
              ))}
            </CardGrid>
          )}
        </Streamed>
      </HomeSection>

      <HomeSection
        id="blogs"
        alt
        heading={t("home.blogs.heading")}
        more={{ href: href("/blogs"), label: t("home.blogs.more") }}
      >
        <Streamed items={blogs} skeletons={placeholders.blogs}>
          {(items) => (
            <CardGrid>
              {items.map((blog) => (
                <BlogCard key={blog.id} blog={blog} />
              ))}
            </CardGrid>
          )}
        </Streamed>
      </HomeSection>

      <HomeSection
        id="upcoming"
        heading={t("home.events.heading")}
        more={{ href: href("/events"), label: t("home.events.more") }}
      >
        <Streamed items={events} skeletons={placeholders.events}>
          {(items) =>
            items.length === 0 ? (
              <p className="muted">{t("home.events.none")}</p>
            ) : (
              <UpcomingEvents events={items} />
            )
          }
        </Streamed>
      </HomeSection>

      <HomeSection
        id="notices"
        heading={t("home.notices.heading")}
        more={{ href: href("/notices"), label: t("home.notices.more") }}
      >
        <Streamed items={notices} skeletons={placeholders.notices}>
          {(items) => <NoticeBoard notices={items} />}
        </Streamed>
      </HomeSection>

      <section className="section section--alt" aria-labelledby="contact-heading">
        <div className="container home-contact">
          <div className="stack">
            <h2 id="contact-heading">{t("home.contact.heading")}</h2>
            <p className="muted">{t("home.contact.lead")}</p>
            <ContactForm answer={formAnswer(actionData, "contact")} />
          </div>
          <SubscribeBox answer={formAnswer(actionData, "subscribe")} />
        </div>
      </section>
    </>
  );
}

/** schema.org facts about the institute for search engines. */
function Institute() {
  const { t } = useI18n();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <JsonLd
      data={{
        "@type": "EducationalOrganization",
        name: t("brand.name"),
        url: `${root?.publicUrl ?? ""}/`,
        address: {
          "@type": "PostalAddress",
          streetAddress: t("home.org.street"),
          addressLocality: t("home.org.city"),
          addressCountry: "BD",
        },
      }}
    />
  );
}
