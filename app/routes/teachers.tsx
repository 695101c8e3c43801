// /teacher: the teachers, newest first (approved and pending; a rejected teacher never, not even
// for an admin: the public list shows what any visitor may see).
import { anonymous } from "../../server/domain/actor";
import type { ContentCollection } from "../../server/domain/content/collection";
import { teacherCollection } from "../../server/domain/teachers";
import { listInfo, listPath } from "../components/lists/list-page";
import { TeacherList } from "../components/lists/teacher-list";
import { loadListPage } from "../lib/list-page.server";
import { rootDataOf, seo } from "../lib/seo";
import type { Route } from "./+types/teachers";

const pageSize = 12;

type Teacher = typeof teacherCollection extends ContentCollection<infer Item> ? Item : never;

export async function loader({ request, context }: Route.LoaderArgs) {
  // Listed as a visitor sees them, whoever asks.
  const visitorView: ContentCollection<Teacher> = {
    ...teacherCollection,
    list: (ctx, _actor, query) => teacherCollection.list(ctx, anonymous, query),
  };
  const list = await loadListPage(context, request, visitorView, { pageSize });
  return {
    ...listInfo(list),
    items: list.items.map((teacher) => ({
      id: teacher.id,
      name: teacher.name,
      position: teacher.position,
      category: teacher.category,
      image: teacher.image,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: { key: "page.teachers" },
    description: rootDataOf(matches).messages?.["lists.teachers.description"],
    path: listPath("/teacher", loaderData),
  });

export default function Teachers({ loaderData }: Route.ComponentProps) {
  return <TeacherList data={loaderData} />;
}
