// /AllStudent: the students, newest first, each description cut to 50 characters. The public
// list shows what any visitor may see (approved students only), admins included.
import { href } from "react-router";
import { excerpt } from "../../i18n/format";
import { anonymous } from "../../server/domain/actor";
import type { ContentCollection } from "../../server/domain/content/collection";
import { studentCollection } from "../../server/domain/students";
import { ListPage, listInfo, listPath } from "../components/lists/list-page";
import { StudentCard } from "../components/lists/student-card";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { loadListPage } from "../lib/list-page.server";
import { textOf } from "../lib/meta";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import type { Route } from "./+types/students";

const pageSize = 12;

type Student = typeof studentCollection extends ContentCollection<infer Item> ? Item : never;

// The same for every reader of a view (decision 0037).
export const handle = {
  ...readingPage,
  ...sharedPage,
  texts: ["lists"],
  query: ["page", "q"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  // Listed as a visitor sees them, whoever asks.
  const visitorView: ContentCollection<Student> = {
    ...studentCollection,
    list: (ctx, _actor, query) => studentCollection.list(ctx, anonymous, query),
  };
  const list = await loadListPage(context, request, visitorView, { pageSize });
  return {
    ...listInfo(list),
    items: list.items.map((student) => ({
      id: student.id,
      name: student.name,
      className: student.className,
      description: excerpt(student.description, 50),
      image: student.image,
    })),
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: { key: "page.students" },
    description: textOf(matches, "lists.students.description"),
    path: listPath(href("/AllStudent"), loaderData),
  });

export default function Students({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <ListPage
      heading={t("page.students")}
      lead={t("lists.students.lead")}
      info={loaderData}
      count={loaderData.items.length}
    >
      {loaderData.items.map((student, index) => (
        <StudentCard key={student.id} student={student} priority={index === 0} />
      ))}
    </ListPage>
  );
}
