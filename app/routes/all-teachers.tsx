// /ALLteacher: the same teachers list as /teacher, for signed-in users (the specification's
// guard: anonymous visitors go to /login and come back). Its canonical address is /teacher.
import { anonymous } from "../../server/domain/actor";
import type { ContentCollection } from "../../server/domain/content/collection";
import { teacherCollection } from "../../server/domain/teachers";
import { listInfo, listPath } from "../components/lists/list-page";
import { TeacherList } from "../components/lists/teacher-list";
import { loadListPage } from "../lib/list-page.server";
import { requireUserPage } from "../lib/page.server";
import { rootDataOf, seo } from "../lib/seo";
import type { Route } from "./+types/all-teachers";

const pageSize = 12;

type Teacher = typeof teacherCollection extends ContentCollection<infer Item> ? Item : never;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUserPage(context, request);
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

export default function AllTeachers({ loaderData }: Route.ComponentProps) {
  return <TeacherList data={loaderData} />;
}
