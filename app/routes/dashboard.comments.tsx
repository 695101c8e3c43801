// /DeashBoard/comments (admins): every blog's comments in one list to moderate, newest first,
// with the blog each is on (?blogId= keeps to one blog), a search of the text, pages, and Delete
// for one or several after a question naming how many. The loader and the action go through the
// domain's comment collection with the actor, which checks again that an admin asks.

import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { data, href, Link, useFetcher } from "react-router";
import { z } from "zod";
import { problem } from "../../common/errors/problem";
import { formatDate, formatNumber } from "../../i18n/format";
import { blogCollection } from "../../server/domain/blogs";
import { commentCollection } from "../../server/domain/comments";
import { DomainError, statusOf } from "../../server/domain/errors";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { pageCount, tableQuery } from "../components/dashboard/table-query.server";
import {
  Cell,
  SelectAllHeader,
  TableBox,
  TablePagination,
  TableSearch,
} from "../components/dashboard/table-tools";
import { deleteQuestion } from "../components/delete-question";
import { useI18n } from "../lib/i18n";
import { contentContext } from "../lib/list-page.server";
import { pageOf, requireAdminPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.comments";

const perPage = 20;

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "moderation.heading");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, query: ["blogId", "page", "q"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const ctx = contentContext(context);
  const { page, q, limit, offset } = tableQuery(request, perPage);
  // A blog's id that is not one lists every blog's comments, as no filter does.
  const blogId = z.uuid().safeParse(new URL(request.url).searchParams.get("blogId")).data;
  const { items, total } = await commentCollection.list(ctx, actor, {
    limit,
    offset,
    q: q || undefined,
    filters: blogId ? { blogId } : undefined,
    order: "newest",
  });
  // The titles of the blogs on this page (and of the one filtered by), each read once.
  const blogIds = [...new Set([...items.map((comment) => comment.blogId), ...(blogId ? [blogId] : [])])];
  const blogs = await Promise.all(
    blogIds.map(async (id) => {
      const blog = await blogCollection.get(ctx, actor, id).catch(() => null);
      return [id, blog?.title ?? ""] as const;
    }),
  );
  const titles = Object.fromEntries(blogs);
  return {
    comments: items.map((comment) => ({
      id: comment.id,
      // A deleted account's comment has no name (server/domain/users.ts deleteUser).
      name: comment.name,
      message: comment.message,
      createdAt: comment.createdAt.toISOString(),
      blogId: comment.blogId,
      blogTitle: titles[comment.blogId] ?? "",
    })),
    total,
    page,
    pages: pageCount(total, perPage),
    q,
    blog: blogId ? { id: blogId, title: titles[blogId] ?? "" } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdminPage(context, request);
  const ids = (await request.formData())
    .getAll("id")
    .filter((id): id is string => typeof id === "string" && id !== "")
    .slice(0, 100);
  if (ids.length === 0)
    return data({ ok: false as const, error: problem("request.invalid") }, { status: 400 });
  try {
    // All or none: the domain checks each comment first and deletes them in one transaction.
    await commentCollection.removeMany(contentContext(context), pageOf(context).actor, ids);
    return { ok: true as const, error: null };
  } catch (error) {
    if (error instanceof DomainError)
      return data({ ok: false as const, error: error.problem }, { status: statusOf[error.code] });
    throw error;
  }
}

export default function DashboardComments({ loaderData }: Route.ComponentProps) {
  const { t, tn, te, intl } = useI18n();
  const { comments, total, page, pages, q, blog } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const visible = selected.filter((id) => comments.some((comment) => comment.id === id));
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // Set once the script runs, so tests can tell the working buttons from the server's markup.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const remove = (ids: string[]) => {
    const body = new FormData();
    for (const id of ids) body.append("id", id);
    void fetcher.submit(body, { method: "post" });
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  const count = confirming?.length ?? 1;

  return (
    <>
      <Title order={2} mb="md">
        {blog ? t("moderation.headingOf", { title: blog.title }) : t("moderation.heading")}
      </Title>
      {blog ? (
        <Text mb="sm">
          <Anchor component={Link} to={href("/DeashBoard/comments")} data-testid="all-blogs">
            {t("moderation.allBlogs")}
          </Anchor>
        </Text>
      ) : null}
      <TableSearch label={t("moderation.search")} submitLabel={t("people.search")} defaultValue={q}>
        {blog ? <input type="hidden" name="blogId" value={blog.id} /> : null}
      </TableSearch>
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="gray.7" data-testid="comments-count">
          {tn("moderation.count", total)}
        </Text>
        <Button
          color="red"
          size="xs"
          disabled={visible.length === 0}
          onClick={() => setConfirming(visible)}
          data-testid="delete-selected"
        >
          {t("contentLists.deleteSelected", { count: formatNumber(visible.length, intl) })}
        </Button>
      </Group>
      {answer?.ok ? (
        <Alert color="teal" variant="light" role="status" mb="sm" data-testid="list-notice">
          {t("delete.done")}
        </Alert>
      ) : null}
      {answer && !answer.ok ? (
        <Alert color="red" variant="light" role="alert" mb="sm" data-testid="list-error">
          {te(answer.error)}
        </Alert>
      ) : null}
      {comments.length === 0 ? (
        <Text data-testid="comments-empty">{t("moderation.empty")}</Text>
      ) : (
        <TableBox minWidth={720}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="sm"
            data-testid="comments-table"
            data-hydrated={hydrated ? "" : undefined}
          >
            <Table.Thead>
              <Table.Tr>
                <SelectAllHeader
                  ids={comments.map((comment) => comment.id)}
                  selected={visible}
                  onChange={setSelected}
                />
                <Table.Th scope="col">{t("moderation.comment")}</Table.Th>
                <Table.Th scope="col">{t("moderation.writer")}</Table.Th>
                <Table.Th scope="col">{t("moderation.blog")}</Table.Th>
                <Table.Th scope="col">{t("contentLists.date")}</Table.Th>
                <Table.Th scope="col" pos="relative">
                  <VisuallyHidden>{t("contentLists.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {comments.map((comment) => (
                <Table.Tr key={comment.id} data-testid="comment-row" data-id={comment.id}>
                  <Cell label={t("contentLists.selectColumn")}>
                    <Checkbox
                      aria-label={t("moderation.select", { message: comment.message.slice(0, 60) })}
                      checked={visible.includes(comment.id)}
                      onChange={(event) => toggle(comment.id, event.currentTarget.checked)}
                      data-testid="row-select"
                    />
                  </Cell>
                  <Cell label={t("moderation.comment")} style={{ overflowWrap: "anywhere" }}>
                    <Text size="sm" lineClamp={3} data-testid="comment-message">
                      {comment.message}
                    </Text>
                  </Cell>
                  <Cell label={t("moderation.writer")} data-testid="comment-writer">
                    {comment.name || t("details.comments.formerUser")}
                  </Cell>
                  <Cell label={t("moderation.blog")}>
                    <Anchor
                      component={Link}
                      to={href("/blog/:id", { id: comment.blogId })}
                      size="sm"
                      data-testid="comment-blog"
                    >
                      {comment.blogTitle}
                    </Anchor>
                    {blog ? null : (
                      <Text size="xs">
                        <Anchor
                          component={Link}
                          to={`${href("/DeashBoard/comments")}?${new URLSearchParams({ blogId: comment.blogId })}`}
                        >
                          {t("moderation.onlyBlog")}
                        </Anchor>
                      </Text>
                    )}
                  </Cell>
                  <Cell label={t("contentLists.date")}>
                    <time dateTime={comment.createdAt}>{formatDate(comment.createdAt, intl)}</time>
                  </Cell>
                  <Cell label={t("contentLists.actions")}>
                    <Button size="xs" color="red" variant="light" onClick={() => setConfirming([comment.id])}>
                      {t("delete.button")}
                    </Button>
                  </Cell>
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
          {deleteQuestion(t, "comments", count, formatNumber(count, intl))}
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
              remove(ids);
            }}
          >
            {t("delete.button")}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
