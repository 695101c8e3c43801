// /DeashBoard/users (admins): every account with its role and state, a search, pages, and per
// row Make admin or Remove admin, Disable or Enable, and Delete. Removing one's own admin role,
// disabling and deleting ask first and say what follows. The action calls the domain, which
// checks the actor again, refuses to remove the last admin and to disable or delete oneself.
// Each row also gives or takes any role (a plain form: works without script) and, for a teacher,
// links to their classes and subjects.

import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { data, href, Link, redirect, useFetcher } from "react-router";
import { z } from "zod";
import { problem } from "../../common/errors/problem";
import { type Role, roles } from "../../common/people";
import { accountRoleParams } from "../../common/schemas/people";
import { makeAdminInput } from "../../common/schemas/users";
import type { MessageKey } from "../../i18n";
import { formatDate } from "../../i18n/format";
import { flashCookieHeader } from "../../server/cookies";
import { DomainError, statusOf } from "../../server/domain/errors";
import {
  deleteUser,
  disableUser,
  enableUser,
  lastAdminMessage,
  listUsers,
  makeAdmin,
  removeAdmin,
  setRole,
  type UserListItem,
} from "../../server/domain/users";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { pageCount, tableQuery } from "../components/dashboard/table-query.server";
import { Cell, TableBox, TablePagination, TableSearch } from "../components/dashboard/table-tools";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.users";

const perPage = 20;

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "people.users.heading");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, query: ["page", "q"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const { page, q, limit, offset } = tableQuery(request, perPage);
  const { items, total } = await listUsers(services.db, actor, { limit, offset, q: q || undefined });
  return { users: items, total, page, pages: pageCount(total, perPage), q, me: actor.email };
}

const intents = ["makeAdmin", "removeAdmin", "disable", "enable", "delete"] as const;
type Intent = (typeof intents)[number];
const actionInput = makeAdminInput.extend({ intent: z.enum(intents) });

const changes: Record<Intent, (...args: Parameters<typeof makeAdmin>) => Promise<unknown>> = {
  makeAdmin,
  removeAdmin,
  disable: disableUser,
  enable: enableUser,
  delete: deleteUser,
};

const roleInput = accountRoleParams.extend({ intent: z.enum(["grant", "revoke"]) });

/** Giving or taking a role: the row's account by id, the role chosen. */
async function roleAction(
  request: Request,
  context: Route.ActionArgs["context"],
  form: Record<string, unknown>,
) {
  const parsed = roleInput.safeParse({ id: form.id, role: form.role, intent: form.intent });
  if (!parsed.success)
    return data(
      { ok: false as const, error: problem("request.invalid"), email: null, role: null },
      { status: 400 },
    );
  const { services, actor } = pageOf(context);
  const { id, role, intent } = parsed.data;
  try {
    await setRole(services.db, actor, { id }, role, intent === "grant");
  } catch (error) {
    if (error instanceof DomainError)
      return data(
        { ok: false as const, error: error.problem, email: null, role },
        { status: statusOf[error.code] },
      );
    throw error;
  }
  // Without the admin role the dashboard's admin screens close: go on to the profile, told why.
  if (intent === "revoke" && role === "admin" && actor.kind === "user" && actor.id === id) {
    throw redirect(href("/profile"), {
      headers: { "Set-Cookie": flashCookieHeader(request, "people.users.removedOwnAdmin") },
    });
  }
  return { ok: true as const, intent, email: null, role, error: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdminPage(context, request);
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "grant" || form.intent === "revoke") return roleAction(request, context, form);
  const parsed = actionInput.safeParse(form);
  if (!parsed.success)
    return data({ ok: false as const, error: problem("request.invalid"), email: null }, { status: 400 });
  const { services, actor } = pageOf(context);
  const { intent, email } = parsed.data;
  try {
    await changes[intent](services.db, actor, email);
  } catch (error) {
    if (error instanceof DomainError)
      return data({ ok: false as const, error: error.problem, email }, { status: statusOf[error.code] });
    throw error;
  }
  // Without the admin role the dashboard is closed: go on to the profile, told why.
  if (intent === "removeAdmin" && actor.kind === "user" && actor.email.toLowerCase() === email) {
    throw redirect(href("/profile"), {
      headers: { "Set-Cookie": flashCookieHeader(request, "people.users.removedOwnAdmin") },
    });
  }
  return { ok: true as const, intent, email, error: null };
}

const doneTexts: Record<Intent, MessageKey> = {
  makeAdmin: "people.users.madeAdmin",
  removeAdmin: "people.users.removedAdmin",
  disable: "people.users.disabled",
  enable: "people.users.enabled",
  delete: "people.users.deleted",
};

/** What a change does, asked before it is made (the ones that cannot simply be clicked back). */
function questionOf(intent: Intent, own: boolean): { title: MessageKey; text: MessageKey } | null {
  if (intent === "removeAdmin" && own)
    return { title: "people.users.removeOwnAdmin.title", text: "people.users.removeOwnAdmin.text" };
  if (intent === "disable") return { title: "people.users.disable.title", text: "people.users.disable.text" };
  if (intent === "delete") return { title: "people.users.delete.title", text: "people.users.delete.text" };
  return null;
}

function UserActions({ user, own }: { user: UserListItem; own: boolean }) {
  const { t, te } = useI18n();
  const fetcher = useFetcher<typeof action>();
  const [asking, setAsking] = useState<Intent | null>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const send = (intent: Intent) => fetcher.submit({ email: user.email, intent }, { method: "post" });
  const question = asking ? questionOf(asking, own) : null;
  const busy = fetcher.state !== "idle";
  /** A plain submit (works before the script has loaded), or, when it needs asking, a question. */
  const actionButton = (intent: Intent, label: string, testId: string, danger = false) =>
    questionOf(intent, own) ? (
      <Button
        type="button"
        size="xs"
        {...(danger ? { color: "red", variant: "light" } : { variant: "default" })}
        onClick={() => setAsking(intent)}
        data-testid={testId}
      >
        {label}
      </Button>
    ) : (
      <Button
        type="submit"
        name="intent"
        value={intent}
        size="xs"
        variant="default"
        loading={busy && fetcher.formData?.get("intent") === intent}
        data-testid={testId}
      >
        {label}
      </Button>
    );
  const admin = user.role === "admin";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="email" value={user.email ?? ""} />
      <Group gap={4}>
        {admin
          ? actionButton("removeAdmin", t("people.users.removeAdmin"), "remove-admin")
          : actionButton("makeAdmin", t("people.users.makeAdmin"), "make-admin")}
        {own ? null : (
          <>
            {user.disabled
              ? actionButton("enable", t("people.users.enable"), "enable-user")
              : actionButton("disable", t("people.users.disable"), "disable-user")}
            {actionButton("delete", t("delete.button"), "delete-user", true)}
          </>
        )}
      </Group>
      {answer?.ok && answer.intent !== "grant" && answer.intent !== "revoke" ? (
        <Text size="xs" c="teal.9" role="status" mt={4} data-testid="user-notice">
          {t(doneTexts[answer.intent])}
        </Text>
      ) : null}
      {answer && !answer.ok ? (
        <Text size="xs" c="red.9" role="alert" mt={4} data-testid="user-error">
          {answer.error === lastAdminMessage ? t("people.users.lastAdmin") : te(answer.error)}
        </Text>
      ) : null}
      <Modal
        opened={question !== null}
        onClose={() => setAsking(null)}
        title={question ? t(question.title) : ""}
        closeButtonProps={{ "aria-label": t("delete.cancel") }}
        centered
      >
        <Text mb="md" data-testid="user-question">
          {question ? t(question.text, { name: user.name }) : ""}
        </Text>
        <Group justify="end">
          <Button variant="default" onClick={() => setAsking(null)}>
            {t("delete.cancel")}
          </Button>
          <Button
            color="red"
            data-testid="user-confirm"
            onClick={() => {
              if (asking) send(asking);
              setAsking(null);
            }}
          >
            {question ? t(question.title) : ""}
          </Button>
        </Group>
      </Modal>
    </fetcher.Form>
  );
}

const roleLabel = (role: Role): MessageKey => `people.users.role.${role}`;

/** Gives or takes one role: a plain form (a choice and two buttons) that works without script. */
function RoleControl({ user }: { user: UserListItem }) {
  const { t, te } = useI18n();
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" data-testid="role-form">
      <input type="hidden" name="id" value={user.id} />
      <Group gap={4} align="flex-end" wrap="wrap">
        <NativeSelect
          name="role"
          size="xs"
          label={t("people.users.roleToChange")}
          aria-label={`${t("people.users.roleToChange")}: ${user.name}`}
          data={roles.map((role) => ({ value: role, label: t(roleLabel(role)) }))}
        />
        <Button
          type="submit"
          name="intent"
          value="grant"
          size="xs"
          variant="default"
          loading={busy}
          data-testid="grant-role"
        >
          {t("people.users.grant")}
        </Button>
        <Button
          type="submit"
          name="intent"
          value="revoke"
          size="xs"
          variant="default"
          loading={busy}
          data-testid="revoke-role"
        >
          {t("people.users.revoke")}
        </Button>
      </Group>
      {answer?.ok && "role" in answer ? (
        <Text size="xs" c="teal.9" role="status" mt={4} data-testid="role-notice">
          {t(answer.intent === "grant" ? "people.users.granted" : "people.users.revoked", {
            role: t(roleLabel(answer.role)),
          })}
        </Text>
      ) : null}
      {answer && !answer.ok ? (
        <Text size="xs" c="red.9" role="alert" mt={4} data-testid="role-error">
          {te(answer.error)}
        </Text>
      ) : null}
    </fetcher.Form>
  );
}

export default function DashboardUsers({ loaderData }: Route.ComponentProps) {
  const { t, tn, intl } = useI18n();
  const { users, total, page, pages, q, me } = loaderData;
  // Set once the script runs, so tests can tell the asking buttons from the server's markup.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <>
      <Title order={2} mb="md">
        {t("people.users.heading")}
      </Title>
      <TableSearch label={t("people.users.search")} submitLabel={t("people.search")} defaultValue={q} />
      <Text size="sm" c="gray.7" mb="xs" data-testid="users-count">
        {tn("people.users.count", total)}
      </Text>
      {users.length === 0 ? (
        <Text data-testid="users-empty">{t("people.users.empty")}</Text>
      ) : (
        <TableBox minWidth={640}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="sm"
            data-testid="users-table"
            data-hydrated={hydrated ? "" : undefined}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("people.users.name")}</Table.Th>
                <Table.Th scope="col">{t("people.email")}</Table.Th>
                <Table.Th scope="col">{t("people.users.role")}</Table.Th>
                <Table.Th scope="col">{t("people.users.joined")}</Table.Th>
                {/* Positioned, so the hidden label stays inside the scrolling box on a phone. */}
                <Table.Th scope="col" pos="relative">
                  <VisuallyHidden>{t("people.users.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user) => (
                <Table.Tr
                  key={user.email ?? user.phoneNumber}
                  data-testid="user-row"
                  data-email={user.email ?? undefined}
                  data-disabled={user.disabled ? "" : undefined}
                >
                  <Cell label={t("people.users.name")}>
                    {user.name}
                    {(user.email ?? "").toLowerCase() === me.toLowerCase() ? (
                      <Text span size="xs" c="gray.7">
                        {" "}
                        {t("people.users.you")}
                      </Text>
                    ) : null}
                  </Cell>
                  <Cell label={t("people.email")} style={{ overflowWrap: "anywhere" }}>
                    {user.email ?? user.phoneNumber}
                  </Cell>
                  <Cell label={t("people.users.role")}>
                    <Group gap={4}>
                      <Badge
                        color={user.role === "admin" ? "grape" : "gray"}
                        variant="light"
                        data-testid="user-role"
                      >
                        {user.role === "admin" ? t("people.users.roleAdmin") : t("people.users.roleUser")}
                      </Badge>
                      {user.roles
                        .filter((role) => role !== "admin")
                        .map((role) => (
                          <Badge key={role} color="blue.9" variant="outline" data-testid="user-other-role">
                            {t(roleLabel(role))}
                          </Badge>
                        ))}
                      {user.roles.includes("teacher") ? (
                        <Anchor
                          component={Link}
                          size="xs"
                          to={href("/DeashBoard/users/:id/teaching", { id: user.id })}
                          data-testid="teaching-link"
                        >
                          {t("people.users.teaching")}
                        </Anchor>
                      ) : null}
                      {user.disabled ? (
                        <Badge color="red.9" variant="outline" data-testid="user-disabled">
                          {t("people.users.disabledBadge")}
                        </Badge>
                      ) : null}
                    </Group>
                  </Cell>
                  <Cell label={t("people.users.joined")}>
                    <time dateTime={user.createdAt}>{formatDate(user.createdAt, intl)}</time>
                  </Cell>
                  <Cell label={t("people.users.actions")}>
                    <Stack gap={6}>
                      <UserActions user={user} own={(user.email ?? "").toLowerCase() === me.toLowerCase()} />
                      <RoleControl user={user} />
                    </Stack>
                  </Cell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableBox>
      )}
      <TablePagination pages={pages} page={page} />
    </>
  );
}
