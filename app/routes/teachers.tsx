// /teacher: the teachers, newest first.
import { href } from "react-router";
import { listPath } from "../components/lists/list-page";
import { TeacherList } from "../components/lists/teacher-list";
import { loadTeachers } from "../components/lists/teachers.server";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { textOf } from "../lib/meta";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import type { Route } from "./+types/teachers";

// The same for every reader of a view (decision 0037).
export const handle = {
  ...readingPage,
  ...sharedPage,
  texts: ["lists"],
  query: ["page", "q"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, ({ request, context }: Route.LoaderArgs) =>
  loadTeachers(context, request),
);

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: { key: "page.teachers" },
    description: textOf(matches, "lists.teachers.description"),
    path: listPath(href("/teacher"), loaderData),
  });

export default function Teachers({ loaderData }: Route.ComponentProps) {
  return <TeacherList data={loaderData} />;
}
