// /DeashBoard/audit (admins): the audit trail, newest first: when, who, what they did, to which
// kind of record, and its label at the time, linked to the record's edit page while it exists.
// Filters by kind and by who (?subject=, ?q=), and pages (?page=), all in the address.
import { Anchor, Badge, Box, NativeSelect, Table, Text, Title } from "@mantine/core";
import { href, Link } from "react-router";
import { type AuditSubject, auditSubjects } from "../../common/audit";
import { formKindNames, type KindOne, kindNames, kinds } from "../../common/kinds";
import type { MessageKey, Phrase, TextRef } from "../../i18n";
import { formatDateTime } from "../../i18n/format";
import type { AuditAction } from "../../server/db/schema";
import { listAudit } from "../../server/domain/audit/list";
import type { ListKind } from "../components/dashboard/content-kinds";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { kindTexts } from "../components/dashboard/kind-texts";
import { pageCount, tableQuery } from "../components/dashboard/table-query.server";
import { Cell, TableBox, TablePagination, TableSearch } from "../components/dashboard/table-tools";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.audit";

const perPage = 25;

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "audit.heading");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, query: ["page", "q", "subject"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const { url, page, q, limit, offset } = tableQuery(request, perPage);
  // An unknown kind is no filter, as a bad page is the first.
  const given = url.searchParams.get("subject") ?? "";
  const subject = auditSubjects.find((known) => known === given);
  const { items, total } = await listAudit(services.db, actor, { limit, offset, q: q || undefined, subject });
  return { entries: items, total, page, pages: pageCount(total, perPage), q, subject: subject ?? "" };
}

const actionLabels: Record<AuditAction, MessageKey> = {
  create: "audit.action.create",
  update: "audit.action.update",
  delete: "audit.action.delete",
  disable: "audit.action.disable",
  enable: "audit.action.enable",
  refund: "audit.action.refund",
  publish: "audit.action.publish",
  unpublish: "audit.action.unpublish",
  export: "audit.action.export",
  grant: "audit.action.grant",
  revoke: "audit.action.revoke",
};

// Dark shades on outline badges: the text keeps its contrast. (A light badge given a shade fills
// itself with that shade, text and all.)
const actionColours: Record<AuditAction, string> = {
  create: "teal.9",
  update: "blue.9",
  delete: "red.9",
  disable: "orange.9",
  enable: "teal.9",
  refund: "orange.9",
  publish: "teal.9",
  unpublish: "orange.9",
  export: "grape.9",
  grant: "teal.9",
  revoke: "orange.9",
};

const subjectLabels: Record<AuditSubject, TextRef> = {
  // Every kind of content, by one record's name (common/kinds).
  ...(Object.fromEntries(kindNames.map((kind) => [kinds[kind].one, kindTexts(kind).audit])) as Record<
    KindOne,
    Phrase
  >),
  order: "audit.subject.order",
  user: "audit.subject.user",
  message: "audit.subject.message",
  mail: "audit.subject.mail",
  exam: "audit.subject.exam",
  application: "audit.subject.application",
  routine: "audit.subject.routine",
  child: "audit.subject.child",
  fee: "audit.subject.fee",
  export: "audit.subject.export",
};

/** The dashboard's edit screens, by the kind of record they edit (every kind with an add form). */
const editListOf: Partial<Record<AuditSubject, ListKind>> = Object.fromEntries(
  formKindNames.map((kind) => [kinds[kind].one, kind]),
);

/** Where a record is looked at or corrected in the dashboard; none for comments. */
function linkOf(entry: { subject: string; subjectId: string; label: string }): string | undefined {
  const list = editListOf[entry.subject as AuditSubject];
  if (list) return href("/DeashBoard/edit/:kind/:id", { kind: list, id: entry.subjectId });
  if (entry.subject === "user") return `${href("/DeashBoard/users")}?q=${encodeURIComponent(entry.label)}`;
  if (entry.subject === "message" || entry.subject === "mail")
    return href("/DeashBoard/inbox/:id", { id: entry.subjectId });
  if (entry.subject === "routine") return `${href("/DeashBoard/routines")}?class=${entry.subjectId}`;
  if (entry.subject === "child") return href("/DeashBoard/register/:id", { id: entry.subjectId });
  return undefined;
}

export default function DashboardAudit({ loaderData }: Route.ComponentProps) {
  const { t, tn, intl } = useI18n();
  const { entries, total, page, pages, q, subject } = loaderData;
  const subjectLabel = (value: string) =>
    value in subjectLabels ? t(subjectLabels[value as AuditSubject]) : value;
  return (
    <Box data-testid="audit-page">
      <Title order={2} mb="xs">
        {t("audit.heading")}
      </Title>
      <Text mb="md">{t("audit.lead")}</Text>
      <TableSearch label={t("audit.search")} submitLabel={t("people.search")} defaultValue={q}>
        <NativeSelect
          name="subject"
          label={t("audit.kind")}
          defaultValue={subject}
          data={[
            { value: "", label: t("audit.kind.all") },
            ...auditSubjects.map((value) => ({ value, label: subjectLabel(value) })),
          ]}
        />
      </TableSearch>
      <Text size="sm" c="gray.7" mb="xs" data-testid="audit-count">
        {tn("audit.count", total)}
      </Text>
      {entries.length === 0 ? (
        <Text data-testid="audit-empty">{t("audit.empty")}</Text>
      ) : (
        <TableBox minWidth={680}>
          <Table striped verticalSpacing="sm" data-testid="audit-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("audit.when")}</Table.Th>
                <Table.Th scope="col">{t("audit.who")}</Table.Th>
                <Table.Th scope="col">{t("audit.action")}</Table.Th>
                <Table.Th scope="col">{t("audit.what")}</Table.Th>
                <Table.Th scope="col">{t("audit.label")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => {
                const link = entry.exists ? linkOf(entry) : undefined;
                return (
                  <Table.Tr key={entry.id} data-testid="audit-row">
                    <Cell label={t("audit.when")} style={{ whiteSpace: "nowrap" }}>
                      <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, intl)}</time>
                    </Cell>
                    <Cell label={t("audit.who")} style={{ overflowWrap: "anywhere" }} data-testid="audit-who">
                      {entry.actorEmail}
                    </Cell>
                    <Cell label={t("audit.action")}>
                      <Badge variant="outline" color={actionColours[entry.action]} data-testid="audit-action">
                        {t(actionLabels[entry.action])}
                      </Badge>
                    </Cell>
                    <Cell label={t("audit.what")} data-testid="audit-what">
                      {subjectLabel(entry.subject)}
                    </Cell>
                    <Cell
                      label={t("audit.label")}
                      style={{ overflowWrap: "anywhere" }}
                      data-testid="audit-label"
                    >
                      {link ? (
                        <Anchor component={Link} to={link}>
                          {entry.label}
                        </Anchor>
                      ) : (
                        <>
                          {entry.label}
                          {entry.exists ? null : (
                            <Text span size="xs" c="gray.7">
                              {" "}
                              {t("audit.gone")}
                            </Text>
                          )}
                        </>
                      )}
                    </Cell>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableBox>
      )}
      <TablePagination pages={pages} page={page} />
    </Box>
  );
}
