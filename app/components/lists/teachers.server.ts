// The teachers list of /teacher and /ALLteacher: newest first, as a visitor sees them (approved
// ones only, for admins too: the list shows what any visitor may see; the review queue is the
// dashboard's).
import type { RouterContextProvider } from "react-router";
import { anonymous } from "../../../server/domain/actor";
import type { ContentCollection } from "../../../server/domain/content/collection";
import { teacherCollection } from "../../../server/domain/teachers";
import { loadListPage } from "../../lib/list-page.server";
import { listInfo } from "./list-page";

type Teacher = typeof teacherCollection extends ContentCollection<infer Item> ? Item : never;

const visitorView: ContentCollection<Teacher> = {
  ...teacherCollection,
  list: (ctx, _actor, query) => teacherCollection.list(ctx, anonymous, query),
};

export async function loadTeachers(context: Readonly<RouterContextProvider>, request: Request) {
  const list = await loadListPage(context, request, visitorView, { pageSize: 12 });
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
