// /teacher: the teachers, newest first.
import { href } from "react-router";
import { listPath } from "../components/lists/list-page";
import { TeacherList } from "../components/lists/teacher-list";
import { loadTeachers } from "../components/lists/teachers.server";
import { rootDataOf, seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import type { Route } from "./+types/teachers";

// The same for every reader of a view (decision 0037).
export const handle = sharedPage;

export const loader = ({ request, context }: Route.LoaderArgs) => loadTeachers(context, request);

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: { key: "page.teachers" },
    description: rootDataOf(matches).messages?.["lists.teachers.description"],
    path: listPath(href("/teacher"), loaderData),
  });

export default function Teachers({ loaderData }: Route.ComponentProps) {
  return <TeacherList data={loaderData} />;
}
