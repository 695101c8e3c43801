// The teachers list, shared by /teacher (public) and /ALLteacher (signed-in users).
import { useI18n } from "../../lib/i18n";
import { type ListInfo, ListPage } from "./list-page";
import { TeacherCard, type TeacherCardData } from "./teacher-card";

export function TeacherList({ data }: { data: ListInfo & { items: TeacherCardData[] } }) {
  const { t } = useI18n();
  return (
    <ListPage
      heading={t("page.teachers")}
      lead={t("lists.teachers.lead")}
      info={data}
      count={data.items.length}
    >
      {data.items.map((teacher, index) => (
        <TeacherCard key={teacher.id} teacher={teacher} priority={index === 0} />
      ))}
    </ListPage>
  );
}
