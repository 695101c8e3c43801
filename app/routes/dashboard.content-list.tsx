// /DeashBoard/list/:kind (admins): one kind's records in a table with a thumbnail, the title or
// name, the date, a search, pages and the order (?sort=oldest, newest first otherwise).
// Rows are selected to delete several at once; kinds under review (students, teachers, blogs)
// show their status with Approve and Reject, teachers a Feature toggle (the specification's roll = "head"). The action
// calls the collection with the actor: the domain checks the permissions again.
// A teacher opens the lists of the kinds they add (notices, blogs): their own records only, each
// with its review, "Waiting for approval" until an admin approves it (the admins' actions stay theirs).

import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Image,
  Modal,
  NativeSelect,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { data, href, Link, useFetcher } from "react-router";
import { problem } from "../../common/errors/problem";
import { type KindDefinition, kinds } from "../../common/kinds";
import { formatDate, formatNumber } from "../../i18n/format";
import { DomainError, statusOf } from "../../server/domain/errors";
import { collectionsByKind } from "../components/dashboard/collections.server";
import { type ListKind, listKinds, listMenuLabels } from "../components/dashboard/content-kinds";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import {
  Cell,
  SelectAllHeader,
  TableBox,
  TablePagination,
  TableSearch,
} from "../components/dashboard/table-tools";
import { deleteQuestion } from "../components/delete-question";
import { formatDhaka } from "../lib/event-time";
import { useI18n } from "../lib/i18n";
import { contentContext } from "../lib/list-page.server";
import { pageOf, requireAdminPage, requireRolePage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.content-list";

const perPage = 20;

function kindOf(value: string | undefined): ListKind {
  const kind = listKinds.find((known) => known === value?.toLowerCase());
  if (!kind) throw data(null, { status: 404 });
  return kind;
}

type Row = {
  id: string;
  title: string;
  createdAt: string;
  /** The date is the kind's own (an event's start), shown on Dhaka's clock. */
  ownDate: boolean;
  image: string | null;
  status: "pending" | "approved" | "rejected" | null;
  featured: boolean | null;
};

/** A record as a row: its title field and list date (common/kinds), image, status and flag. */
function rowOf(kind: ListKind, record: unknown): Row {
  const { titleField, listDate = "createdAt" } = kinds[kind] as KindDefinition;
  const r = record as Record<string, unknown> & {
    id: string;
    image: { url: string } | null;
    status?: Row["status"];
    isFeatured?: boolean;
  };
  return {
    id: String(r.id),
    title: String(r[titleField] ?? ""),
    createdAt: new Date(r[listDate] as Date | string).toISOString(),
    ownDate: listDate !== "createdAt",
    image: r.image?.url ?? null,
    status: r.status ?? null,
    featured: typeof r.isFeatured === "boolean" ? r.isFeatured : null,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  dashboardTitle(matches, loaderData ? listMenuLabels[loaderData.kind] : "dashboard.title");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, query: ["page", "q", "sort"] };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const kind = kindOf(params.kind);
  const collection = collectionsByKind[kind];
  if (!collection) throw data(null, { status: 404 });
  // Teachers list their own records of the kinds they add; everything else is the admins'.
  const ownOnly = collection.access.create !== "admin" && collection.ownLists;
  const actor = ownOnly ? requireRolePage(context, request, "teacher") : requireAdminPage(context, request);
  const own = !actor.isAdmin;
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(50_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const sort = url.searchParams.get("sort") === "oldest" ? "oldest" : "newest";
  const query = { limit: perPage, offset: (page - 1) * perPage, q: q || undefined, order: sort } as const;
  const { items, total } = own
    ? await collection.listOwn(contentContext(context), actor, query)
    : await collection.list(contentContext(context), actor, query);
  return {
    kind,
    own,
    reviewed: collection.reviewed,
    rows: items.map((item) => rowOf(kind, item)),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / perPage)),
    q,
    sort,
  };
}

const intents = ["delete", "deleteMany", "approve", "reject", "feature", "unfeature"] as const;
type Intent = (typeof intents)[number];

export async function action({ request, params, context }: Route.ActionArgs) {
  requireAdminPage(context, request);
  const kind = kindOf(params.kind);
  const collection = collectionsByKind[kind];
  if (!collection) throw data(null, { status: 404 });
  const { actor } = pageOf(context);
  const posted = await request.formData();
  const intent = String(posted.get("intent") ?? "") as Intent;
  const ids = posted
    .getAll("id")
    .filter((id): id is string => typeof id === "string" && id !== "")
    .slice(0, 100);
  if (!intents.includes(intent) || ids.length === 0)
    return data({ ok: false as const, intent: null, error: problem("request.invalid") }, { status: 400 });
  const ctx = contentContext(context);
  try {
    if (intent === "delete" || intent === "deleteMany") {
      // All or none: the domain checks each record first and deletes them in one transaction.
      await collection.removeMany(ctx, actor, intent === "delete" ? ids.slice(0, 1) : ids);
    } else {
      const [id] = ids;
      if (!id) throw new DomainError("invalid", problem("request.invalid"));
      const patch =
        intent === "approve"
          ? { status: "approved" }
          : intent === "reject"
            ? { status: "rejected" }
            : { isFeatured: intent === "feature" };
      await collection.update(ctx, actor, id, patch);
    }
    return { ok: true as const, intent, error: null };
  } catch (error) {
    if (error instanceof DomainError)
      return data({ ok: false as const, intent, error: error.problem }, { status: statusOf[error.code] });
    throw error;
  }
}

export default function DashboardContentList({ loaderData }: Route.ComponentProps) {
  const { t, tn, te, intl } = useI18n();
  const { kind, own, reviewed, rows, total, page, pages, q, sort } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const visible = selected.filter((id) => rows.some((row) => row.id === id));
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // Set once the script runs, so tests can tell the working buttons from the server's markup.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const post = (intent: Intent, ids: string[]) => {
    const body = new FormData();
    body.set("intent", intent);
    for (const id of ids) body.append("id", id);
    void fetcher.submit(body, { method: "post" });
  };

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  return (
    <>
      <Title order={2} mb="md">
        {t(listMenuLabels[kind])}
      </Title>
      <TableSearch
        label={t("contentLists.searchLabel")}
        submitLabel={t("contentLists.search")}
        defaultValue={q}
      >
        <NativeSelect
          name="sort"
          label={t("contentLists.sort")}
          defaultValue={sort}
          data={[
            { value: "newest", label: t("contentLists.sort.newest") },
            { value: "oldest", label: t("contentLists.sort.oldest") },
          ]}
        />
      </TableSearch>
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="gray.7" data-testid="list-count">
          {tn("contentLists.count", total)}
        </Text>
        {own ? null : (
          <Button
            color="red"
            size="xs"
            disabled={visible.length === 0}
            onClick={() => setConfirming(visible)}
            data-testid="delete-selected"
          >
            {t("contentLists.deleteSelected", { count: formatNumber(visible.length, intl) })}
          </Button>
        )}
      </Group>
      {answer?.ok ? (
        <Alert color="teal" variant="light" role="status" mb="sm" data-testid="list-notice">
          {answer.intent === "delete" || answer.intent === "deleteMany"
            ? t("delete.done")
            : t("contentLists.done")}
        </Alert>
      ) : null}
      {answer && !answer.ok ? (
        <Alert color="red" variant="light" role="alert" mb="sm" data-testid="list-error">
          {te(answer.error)}
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <Text data-testid="list-empty">{t("contentLists.empty")}</Text>
      ) : (
        <TableBox minWidth={640}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="sm"
            data-testid="content-table"
            data-hydrated={hydrated ? "" : undefined}
          >
            <Table.Thead>
              <Table.Tr>
                {own ? null : (
                  <SelectAllHeader
                    ids={rows.map((row) => row.id)}
                    selected={visible}
                    onChange={setSelected}
                  />
                )}
                <Table.Th scope="col">{t("contentLists.image")}</Table.Th>
                <Table.Th scope="col">{t("contentLists.title")}</Table.Th>
                <Table.Th scope="col">{t("contentLists.date")}</Table.Th>
                {reviewed ? <Table.Th scope="col">{t("contentLists.status")}</Table.Th> : null}
                {own ? null : (
                  <Table.Th scope="col" pos="relative">
                    <VisuallyHidden>{t("contentLists.actions")}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr
                  key={row.id}
                  data-testid="content-row"
                  data-id={row.id}
                  data-status={row.status ?? undefined}
                  data-featured={row.featured ? "" : undefined}
                >
                  {own ? null : (
                    <Cell label={t("contentLists.selectColumn")}>
                      <Checkbox
                        aria-label={t("contentLists.select", { title: row.title })}
                        checked={visible.includes(row.id)}
                        onChange={(event) => toggle(row.id, event.currentTarget.checked)}
                        data-testid="row-select"
                      />
                    </Cell>
                  )}
                  <Cell label={t("contentLists.image")}>
                    {row.image ? (
                      <Image
                        src={row.image}
                        alt=""
                        w={48}
                        h={48}
                        fit="cover"
                        radius="sm"
                        data-testid="row-thumbnail"
                      />
                    ) : null}
                  </Cell>
                  <Cell label={t("contentLists.title")} data-testid="row-title">
                    {row.title}
                  </Cell>
                  <Cell label={t("contentLists.date")}>
                    <time dateTime={row.createdAt}>
                      {row.ownDate
                        ? formatDhaka(row.createdAt, intl, false)
                        : formatDate(row.createdAt, intl)}
                    </time>
                  </Cell>
                  {reviewed ? (
                    <Cell label={t("contentLists.status")}>
                      <Group gap={4}>
                        {row.status ? (
                          <Badge
                            color={
                              row.status === "pending"
                                ? "yellow.5"
                                : row.status === "approved"
                                  ? "teal.9"
                                  : "red.9"
                            }
                            variant={row.status === "pending" ? "filled" : "outline"}
                            autoContrast
                            data-testid="row-status"
                          >
                            {own && row.status === "pending"
                              ? t("contentLists.status.waiting")
                              : t(`contentLists.status.${row.status}`)}
                          </Badge>
                        ) : null}
                        {row.featured ? (
                          <Badge color="grape" variant="light" data-testid="row-featured">
                            {t("contentLists.featured")}
                          </Badge>
                        ) : null}
                      </Group>
                    </Cell>
                  ) : null}
                  {own ? null : (
                    <Cell label={t("contentLists.actions")}>
                      <Group gap={4} wrap="nowrap">
                        <Anchor
                          component={Link}
                          to={href("/DeashBoard/edit/:kind/:id", { kind, id: row.id })}
                          size="sm"
                        >
                          {t("contentLists.edit")}
                        </Anchor>
                        {reviewed && row.status !== "approved" ? (
                          <Button size="xs" variant="default" onClick={() => post("approve", [row.id])}>
                            {t("contentLists.approve")}
                          </Button>
                        ) : null}
                        {reviewed && row.status !== "rejected" ? (
                          <Button size="xs" variant="default" onClick={() => post("reject", [row.id])}>
                            {t("contentLists.reject")}
                          </Button>
                        ) : null}
                        {kind === "teachers" ? (
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => post(row.featured ? "unfeature" : "feature", [row.id])}
                          >
                            {row.featured ? t("contentLists.unfeature") : t("contentLists.feature")}
                          </Button>
                        ) : null}
                        <Button size="xs" color="red" variant="light" onClick={() => setConfirming([row.id])}>
                          {t("delete.button")}
                        </Button>
                      </Group>
                    </Cell>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableBox>
      )}
      <TablePagination pages={pages} page={page} />
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t("delete.button")}
        closeButtonProps={{ "aria-label": t("delete.cancel") }}
        centered
      >
        <Text mb="md" data-testid="confirm-text">
          {deleteQuestion(t, kind, confirming?.length ?? 1, formatNumber(confirming?.length ?? 1, intl))}
        </Text>
        <Group justify="end">
          <Button variant="default" onClick={() => setConfirming(null)}>
            {t("delete.cancel")}
          </Button>
          <Button
            color="red"
            data-testid="confirm-delete"
            onClick={() => {
              const ids = confirming ?? [];
              setConfirming(null);
              setSelected((current) => current.filter((id) => !ids.includes(id)));
              post(ids.length === 1 ? "delete" : "deleteMany", ids);
            }}
          >
            {t("delete.button")}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
