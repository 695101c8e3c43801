// The dashboard header's two lists: messages (the newest unread ones) and notifications (records
// awaiting review). Each button names its count in words, so a screen reader says "Messages, 3
// unread messages" where the eye sees the badge. Their data comes with the dashboard's loader.
//
// Each is a disclosure (a button that shows a list of links) rather than an ARIA menu: these are
// links to pages, reached with Tab like any other; Escape or a click elsewhere closes the list.
import { Anchor, Badge, Button, Group, Paper, Text, VisuallyHidden } from "@mantine/core";
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { href, Link, useLocation } from "react-router";
import type { MessageKey } from "../../../i18n";
import { formatNumber } from "../../../i18n/format";
import type { HeaderNotices as HeaderData } from "../../../server/domain/notifications";
import { useI18n } from "../../lib/i18n";
import { shortDate } from "./inbox";
import { BellIcon, MailIcon } from "./inbox-icons";

type Open = "messages" | "notifications" | null;

function Disclosure({
  name,
  open,
  onToggle,
  icon,
  label,
  count,
  spoken,
  children,
}: {
  name: Exclude<Open, null>;
  open: boolean;
  onToggle: () => void;
  icon: ReactNode;
  label: string;
  count: number;
  spoken: string;
  children: ReactNode;
}) {
  const { intl } = useI18n();
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The list hangs from the buttons' right edge; where the title pushed the buttons onto a line
  // of their own (a phone, in English), that would run off the left of the screen.
  const [fromLeft, setFromLeft] = useState(false);
  useLayoutEffect(() => {
    if (!open) setFromLeft(false);
    else if ((panel.current?.getBoundingClientRect().left ?? 0) < 0) setFromLeft(true);
  }, [open]);
  return (
    <>
      <Button
        variant="default"
        size="sm"
        px="xs"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={onToggle}
        data-testid={`${name}-menu`}
      >
        <Group gap={6} wrap="nowrap">
          {icon}
          <Badge
            size="sm"
            circle={count < 10}
            color={count > 0 ? "red.8" : "gray"}
            variant={count > 0 ? "filled" : "light"}
            aria-hidden
            data-testid="count-badge"
          >
            {formatNumber(count, intl)}
          </Badge>
          <VisuallyHidden>{`${label}, ${spoken}`}</VisuallyHidden>
        </Group>
      </Button>
      {open ? (
        <Paper
          ref={panel}
          id={panelId}
          withBorder
          shadow="md"
          p="sm"
          data-testid={`${name}-list`}
          style={{
            position: "absolute",
            top: "calc(100% + 4px)",
            ...(fromLeft ? { left: 0 } : { right: 0 }),
            width: "min(20rem, calc(100vw - 2rem))",
            zIndex: 300,
          }}
        >
          {children}
        </Paper>
      ) : null}
    </>
  );
}

const reviewLists: { key: "students" | "teachers" | "blogs"; label: MessageKey; to: string }[] = [
  {
    key: "students",
    label: "inbox.header.students",
    to: href("/DeashBoard/list/:kind", { kind: "students" }),
  },
  {
    key: "teachers",
    label: "inbox.header.teachers",
    to: href("/DeashBoard/list/:kind", { kind: "teachers" }),
  },
  { key: "blogs", label: "inbox.header.blogs", to: href("/DeashBoard/list/:kind", { kind: "blogs" }) },
];

const listStyle = { listStyle: "none", padding: 0, margin: 0 } as const;

export function HeaderNotices({ data }: { data: HeaderData }) {
  const { t, intl } = useI18n();
  const [open, setOpen] = useState<Open>(null);
  const root = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // A followed link closes the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => setOpen(null), [location.key]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(null);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(null);
      root.current?.querySelector<HTMLElement>(`[data-testid="${open}-menu"]`)?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  const unread = data.unread.total;
  const waiting = data.review.students + data.review.teachers + data.review.blogs;
  const unreadWords =
    unread === 1
      ? t("inbox.header.unreadOne")
      : unread === 0
        ? t("inbox.header.noUnread")
        : t("inbox.header.unreadMany", { count: formatNumber(unread, intl) });
  const waitingWords =
    waiting === 1
      ? t("inbox.header.awaitingOne")
      : waiting === 0
        ? t("inbox.header.nothingAwaits")
        : t("inbox.header.awaitingMany", { count: formatNumber(waiting, intl) });
  const toggle = (name: Exclude<Open, null>) => () => setOpen((current) => (current === name ? null : name));

  return (
    <Group gap="xs" wrap="nowrap" pos="relative" ref={root} data-testid="header-notices">
      <Disclosure
        name="messages"
        open={open === "messages"}
        onToggle={toggle("messages")}
        icon={<MailIcon />}
        label={t("inbox.header.messages")}
        count={unread}
        spoken={unreadWords}
      >
        <Text size="sm" fw={700} mb="xs">
          {unreadWords}
        </Text>
        <ul style={listStyle}>
          {data.unread.items.map((item) => (
            <li key={item.id} data-testid="unread-message">
              <Anchor
                component={Link}
                to={href("/DeashBoard/inbox/:id", { id: item.id })}
                display="block"
                py={4}
                underline="hover"
              >
                <Text span size="sm" fw={700} display="block" truncate>
                  {item.name ?? item.email}
                </Text>
                <Text span size="xs" c="gray.7" display="block" truncate>
                  <time dateTime={item.date}>{shortDate(item.date, intl)}</time> · {item.preview}
                </Text>
              </Anchor>
            </li>
          ))}
          <li>
            <Anchor component={Link} to={href("/DeashBoard")} size="sm" display="block" pt="xs">
              {t("inbox.header.allMessages")}
            </Anchor>
          </li>
        </ul>
      </Disclosure>
      <Disclosure
        name="notifications"
        open={open === "notifications"}
        onToggle={toggle("notifications")}
        icon={<BellIcon />}
        label={t("inbox.header.notifications")}
        count={waiting}
        spoken={waitingWords}
      >
        <Text size="sm" fw={700} mb={waiting > 0 ? "xs" : 0}>
          {waitingWords}
        </Text>
        {waiting > 0 ? (
          <ul style={listStyle}>
            {reviewLists
              .filter((list) => data.review[list.key] > 0)
              .map((list) => (
                <li key={list.key}>
                  <Anchor
                    component={Link}
                    to={list.to}
                    size="sm"
                    display="block"
                    py={4}
                    data-testid={`review-${list.key}`}
                  >
                    {t(list.label, { count: formatNumber(data.review[list.key], intl) })}
                  </Anchor>
                </li>
              ))}
          </ul>
        ) : null}
      </Disclosure>
    </Group>
  );
}
