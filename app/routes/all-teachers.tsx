// /ALLteacher: the same teachers list as /teacher, for signed-in users (the specification's
// guard: anonymous visitors go to /login and come back). Its canonical address is /teacher.
import { href } from "react-router";
import { listPath } from "../components/lists/list-page";
import { TeacherList } from "../components/lists/teacher-list";
import { loadTeachers } from "../components/lists/teachers.server";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { textOf } from "../lib/meta";
import { requireUserPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import type { Route } from "./+types/all-teachers";

// The same list as /teacher for every signed-in reader.
export const handle = {
  ...readingPage,
  ...sharedPage,
  texts: ["lists"],
  query: ["page", "q"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, ({ request, context }: Route.LoaderArgs) => {
  requireUserPage(context, request);
  return loadTeachers(context, request);
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: { key: "page.teachers" },
    description: textOf(matches, "lists.teachers.description"),
    path: listPath(href("/teacher"), loaderData),
  });

export default function AllTeachers({ loaderData }: Route.ComponentProps) {
  return <TeacherList data={loaderData} />;
}
