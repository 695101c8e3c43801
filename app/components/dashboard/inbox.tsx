// The dashboard home's inbox: the folders with their counts, a search, the message table (sender
// or recipient and the first line, the date, unread in bold, a star to toggle) and pages. Ticked
// rows go to the trash, come back, or, from the trash, are deleted for good after a confirmation.
// The table is one plain form, so every button also works before the script has loaded.
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { href, Link, useActionData, useFetcher } from "react-router";
import type { InboxFolder } from "../../../common/schemas/inbox";
import type { MessageKey } from "../../../i18n";
import { formatNumber } from "../../../i18n/format";
import type { InboxCounts, InboxListItem } from "../../../server/domain/inbox";
import { useI18n } from "../../lib/i18n";
import type { InboxAnswer, InboxIntent } from "./inbox.server";
import { StarIcon } from "./inbox-icons";
import { type InboxNotice, inboxNotices } from "./inbox-notices";
import { TablePagination, TableSearch } from "./table-tools";

export type InboxData = {
  folder: InboxFolder;
  q: string;
  page: number;
  pages: number;
  total: number;
  items: InboxListItem[];
  counts: InboxCounts;
  notice: InboxNotice | null;
};

export const folderLabels: Record<InboxFolder, MessageKey> = {
  inbox: "inbox.folder.inbox",
  important: "inbox.folder.important",
  sent: "inbox.folder.sent",
  drafts: "inbox.folder.drafts",
  trash: "inbox.folder.trash",
};

const doneTexts: Record<InboxIntent, MessageKey> = {
  trash: "inbox.done.trash",
  restore: "inbox.done.restore",
  delete: "inbox.done.delete",
  read: "inbox.done.read",
  unread: "inbox.done.unread",
  star: "inbox.done.star",
  unstar: "inbox.done.unstar",
};

export function folderHref(folder: InboxFolder, notice?: InboxNotice): string {
  const params = new URLSearchParams();
  if (folder !== "inbox") params.set("folder", folder);
  if (notice) params.set("notice", notice);
  const query = params.toString();
  return query ? `${href("/DeashBoard")}?${query}` : href("/DeashBoard");
}

/** Where a row leads: a draft opens in the compose form, anything else on its own page. */
export const messageHref = (item: Pick<InboxListItem, "id" | "kind">) =>
  item.kind === "draft"
    ? `${href("/DeashBoard/compose")}?draft=${item.id}`
    : href("/DeashBoard/inbox/:id", { id: item.id });

/** A short date on the table: the day and month, with the year when it is not this year's. */
export function shortDate(value: string, intl: string): string {
  const date = new Date(value);
  const thisYear = date.getUTCFullYear() === new Date().getUTCFullYear();
  return new Intl.DateTimeFormat(intl, {
    day: "numeric",
    month: "short",
    year: thisYear ? undefined : "numeric",
    timeZone: "UTC",
  }).format(date);
}

function FolderNav({ folder, counts }: { folder: InboxFolder; counts: InboxCounts }) {
  const { t, intl } = useI18n();
  return (
    <nav aria-label={t("inbox.folders")}>
      <Group gap="xs" mb="md" wrap="wrap" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {(Object.keys(folderLabels) as InboxFolder[]).map((name) => {
          const count = counts[name];
          const showUnread = count.unread > 0 && name !== "trash";
          const described = showUnread
            ? t("inbox.folder.countUnread", {
                unread: formatNumber(count.unread, intl),
                total: formatNumber(count.total, intl),
              })
            : t("inbox.folder.count", { total: formatNumber(count.total, intl) });
          return (
            <li key={name}>
              <Button
                component={Link}
                to={folderHref(name)}
                variant={name === folder ? "filled" : "default"}
                size="sm"
                aria-current={name === folder ? "page" : undefined}
                data-testid={`folder-${name}`}
                rightSection={
                  <Badge
                    size="sm"
                    variant={showUnread ? "filled" : "light"}
                    color={showUnread ? "red.8" : "gray"}
                    aria-hidden
                    data-testid="folder-count"
                  >
                    {formatNumber(showUnread ? count.unread : count.total, intl)}
                  </Badge>
                }
              >
                {t(folderLabels[name])}
                <VisuallyHidden>{`, ${described}`}</VisuallyHidden>
              </Button>
            </li>
          );
        })}
      </Group>
    </nav>
  );
}

export function Inbox({ data }: { data: InboxData }) {
  const { t, tn, te, intl } = useI18n();
  const { folder, q, page, pages, total, items, counts, notice } = data;
  const fetcher = useFetcher<InboxAnswer>();
  const pageAnswer = useActionData<InboxAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  // Set once the script runs: before that the buttons stay enabled for a plain form post.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const answer = fetcher.state === "idle" ? (fetcher.data ?? pageAnswer) : undefined;
  useEffect(() => {
    if (answer?.ok && answer.intent !== "star" && answer.intent !== "unstar") setSelected([]);
  }, [answer]);

  const received = folder === "inbox" || folder === "important" || folder === "trash";
  const visible = selected.filter((id) => items.some((item) => item.id === id));
  const noneSelected = hydrated && visible.length === 0;
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  const confirmDelete = (event: MouseEvent) => {
    if (!hydrated) return; // without script the form posts at once
    event.preventDefault();
    setConfirming(true);
  };
  const deleteSelected = () => {
    setConfirming(false);
    const form = formRef.current;
    if (!form) return;
    const body = new FormData(form);
    body.set("intent", "delete");
    void fetcher.submit(body, { method: "post" });
  };

  const bulk: { intent: InboxIntent; label: MessageKey; color?: string }[] =
    folder === "trash"
      ? [
          { intent: "restore", label: "inbox.bulk.restore" },
          { intent: "delete", label: "inbox.bulk.delete", color: "red" },
        ]
      : received
        ? [
            { intent: "read", label: "inbox.bulk.read" },
            { intent: "unread", label: "inbox.bulk.unread" },
            { intent: "trash", label: "inbox.bulk.trash", color: "red" },
          ]
        : [];

  return (
    <section aria-labelledby="inbox-heading" data-testid="inbox">
      <Group justify="space-between" align="center" mb="sm" wrap="wrap">
        <Title order={2} id="inbox-heading">
          {t("inbox.heading")}
        </Title>
        <Button component={Link} to={href("/DeashBoard/compose")} data-testid="compose">
          {t("inbox.compose")}
        </Button>
      </Group>
      <FolderNav folder={folder} counts={counts} />
      <TableSearch label={t("inbox.search")} submitLabel={t("inbox.searchButton")} defaultValue={q}>
        {folder === "inbox" ? null : <input type="hidden" name="folder" value={folder} />}
      </TableSearch>
      {notice && !answer ? (
        <Alert color="teal" variant="light" role="status" mb="sm" data-testid="inbox-flash">
          {t(inboxNotices[notice])}
        </Alert>
      ) : null}
      {answer?.ok && answer.intent ? (
        <Alert color="teal" variant="light" role="status" mb="sm" data-testid="inbox-notice">
          {t(doneTexts[answer.intent])}
        </Alert>
      ) : null}
      {answer && !answer.ok ? (
        <Alert color="red" variant="light" role="alert" mb="sm" data-testid="inbox-error">
          {answer.error ? te(answer.error) : t("inbox.nothingSelected")}
        </Alert>
      ) : null}
      <fetcher.Form method="post" ref={formRef}>
        <Group justify="space-between" mb="xs" gap="xs" wrap="wrap">
          <Text size="sm" c="gray.7" data-testid="inbox-count">
            {tn("inbox.count", total)}
            {received && visible.length > 0
              ? ` · ${t("inbox.selected", { count: formatNumber(visible.length, intl) })}`
              : ""}
          </Text>
          {bulk.length > 0 && items.length > 0 ? (
            <Group gap="xs" role="group" aria-label={t("inbox.bulk")}>
              {bulk.map((action) => (
                <Button
                  key={action.intent}
                  type="submit"
                  name="intent"
                  value={action.intent}
                  size="xs"
                  variant={action.color ? "light" : "default"}
                  color={action.color}
                  disabled={noneSelected}
                  onClick={action.intent === "delete" ? confirmDelete : undefined}
                  data-testid={`bulk-${action.intent}`}
                >
                  {t(action.label)}
                </Button>
              ))}
            </Group>
          ) : null}
        </Group>
        {items.length === 0 ? (
          <Text py="lg" data-testid="inbox-empty">
            {q ? t("inbox.emptySearch") : t("inbox.empty")}
          </Text>
        ) : (
          <Table
            verticalSpacing="xs"
            highlightOnHover
            data-testid="inbox-table"
            data-hydrated={hydrated ? "" : undefined}
            style={{ tableLayout: "fixed", width: "100%" }}
          >
            <VisuallyHidden component="caption">
              {t("inbox.table", { folder: t(folderLabels[folder]) })}
            </VisuallyHidden>
            <colgroup>
              {received ? <col style={{ width: 40 }} /> : null}
              {received ? <col style={{ width: 44 }} /> : null}
              <col />
              <col style={{ width: 88 }} />
            </colgroup>
            <Table.Thead>
              <Table.Tr>
                {received ? (
                  <Table.Th scope="col">
                    <Checkbox
                      aria-label={t("inbox.selectAll")}
                      checked={items.length > 0 && visible.length === items.length}
                      indeterminate={visible.length > 0 && visible.length < items.length}
                      onChange={(event) =>
                        setSelected(event.currentTarget.checked ? items.map((item) => item.id) : [])
                      }
                    />
                  </Table.Th>
                ) : null}
                {received ? (
                  <Table.Th scope="col" pos="relative">
                    <VisuallyHidden>{t("inbox.col.star")}</VisuallyHidden>
                  </Table.Th>
                ) : null}
                <Table.Th scope="col">{received ? t("inbox.col.from") : t("inbox.col.to")}</Table.Th>
                <Table.Th scope="col">{t("inbox.col.date")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <InboxRow
                  key={item.id}
                  item={item}
                  received={received}
                  checked={visible.includes(item.id)}
                  onCheck={(on) => toggle(item.id, on)}
                  pendingStar={pendingStar(fetcher.formData, item.id)}
                />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </fetcher.Form>
      <TablePagination pages={pages} page={page} />
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("inbox.confirm.title")}
        closeButtonProps={{ "aria-label": t("inbox.confirm.cancel") }}
        centered
      >
        <Text mb="md" data-testid="confirm-text">
          {t("inbox.confirm.many")}
        </Text>
        <Group justify="end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t("inbox.confirm.cancel")}
          </Button>
          <Button color="red" data-testid="confirm-delete" onClick={deleteSelected}>
            {t("inbox.bulk.delete")}
          </Button>
        </Group>
      </Modal>
    </section>
  );
}

/** The star a row shows while its change is on the way (undefined when none is). */
function pendingStar(formData: FormData | undefined, id: string): boolean | undefined {
  const star = formData?.get("star");
  if (typeof star !== "string" || !star.startsWith(`${id}:`)) return undefined;
  return star.endsWith(":on");
}

function InboxRow({
  item,
  received,
  checked,
  onCheck,
  pendingStar,
}: {
  item: InboxListItem;
  received: boolean;
  checked: boolean;
  onCheck: (on: boolean) => void;
  pendingStar: boolean | undefined;
}) {
  const { t, intl } = useI18n();
  const starred = pendingStar ?? item.starred;
  const who = item.kind === "received" ? (item.name ?? item.email) : item.email || t("inbox.noRecipient");
  const line =
    item.kind === "received" ? item.preview : `${item.subject || t("inbox.noSubject")} – ${item.preview}`;
  const ellipsis = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } as const;
  return (
    <Table.Tr
      data-testid="inbox-row"
      data-id={item.id}
      data-unread={item.unread ? "" : undefined}
      data-starred={item.starred ? "" : undefined}
    >
      {received ? (
        <Table.Td>
          <Checkbox
            name="id"
            value={item.id}
            aria-label={t("inbox.select", { name: who })}
            checked={checked}
            onChange={(event) => onCheck(event.currentTarget.checked)}
            data-testid="row-select"
          />
        </Table.Td>
      ) : null}
      {received ? (
        <Table.Td>
          <UnstyledButton
            type="submit"
            name="star"
            value={`${item.id}:${starred ? "off" : "on"}`}
            aria-label={starred ? t("inbox.unstar", { name: who }) : t("inbox.star", { name: who })}
            aria-pressed={starred}
            c={starred ? "yellow.8" : "gray.6"}
            p={4}
            style={{ display: "inline-flex", borderRadius: 4 }}
            data-testid="row-star"
          >
            <StarIcon filled={starred} />
          </UnstyledButton>
        </Table.Td>
      ) : null}
      <Table.Td>
        <Link
          to={messageHref(item)}
          style={{ color: "inherit", textDecoration: "none", display: "block" }}
          data-testid="row-link"
        >
          <Text size="sm" fw={item.unread ? 700 : 500} style={ellipsis}>
            {item.unread ? <VisuallyHidden>{`${t("inbox.unread")}: `}</VisuallyHidden> : null}
            {item.kind === "draft" ? (
              <Badge size="xs" color="gray" variant="outline" mr={6}>
                {t("inbox.draft")}
              </Badge>
            ) : null}
            <span data-testid="row-who">{who}</span>
          </Text>
          <Text size="sm" c={item.unread ? "dark.9" : "gray.7"} fw={item.unread ? 600 : 400} style={ellipsis}>
            {line}
          </Text>
        </Link>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={item.unread ? 700 : 400}>
          <time dateTime={item.date}>{shortDate(item.date, intl)}</time>
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
