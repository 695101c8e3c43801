// /DeashBoard/users (admins): every account with its role, a search, pages, and per row Make
// admin or Remove admin. The action calls the domain, which checks the actor again and refuses
// to remove the last admin.
import { Badge, Button, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { data, useFetcher } from "react-router";
import { z } from "zod";
import { makeAdminInput } from "../../common/schemas/users";
import { DomainError } from "../../server/domain/errors";
import {
  lastAdminMessage,
  listUsers,
  makeAdmin,
  removeAdmin,
  type UserListItem,
} from "../../server/domain/users";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { pageCount, tableQuery } from "../components/dashboard/table-query.server";
import { Cell, TableBox, TablePagination, TableSearch } from "../components/dashboard/table-tools";
import { formatDate } from "../lib/format";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import type { Route } from "./+types/dashboard.users";

const perPage = 20;

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "people.users.heading");

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const { page, q, limit, offset } = tableQuery(request, perPage);
  const { items, total } = await listUsers(services.db, actor, { limit, offset, q: q || undefined });
  return { users: items, total, page, pages: pageCount(total, perPage), q, me: actor.email };
}

const actionInput = makeAdminInput.extend({ intent: z.enum(["makeAdmin", "removeAdmin"]) });

export async function action({ request, context }: Route.ActionArgs) {
  requireAdminPage(context, request);
  const parsed = actionInput.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return data({ ok: false as const, error: "Invalid request", email: null }, { status: 400 });
  const { services, actor } = pageOf(context);
  const { intent, email } = parsed.data;
  try {
    if (intent === "makeAdmin") await makeAdmin(services.db, actor, email);
    else await removeAdmin(services.db, actor, email);
    return { ok: true as const, intent, email, error: null };
  } catch (error) {
    if (error instanceof DomainError)
      return data({ ok: false as const, error: error.message, email }, { status: 400 });
    throw error;
  }
}

function RoleButton({ user }: { user: UserListItem }) {
  const { t, te } = useI18n();
  const fetcher = useFetcher<typeof action>();
  const admin = user.role === "admin";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="email" value={user.email} />
      <input type="hidden" name="intent" value={admin ? "removeAdmin" : "makeAdmin"} />
      <Button
        type="submit"
        size="xs"
        variant="default"
        loading={fetcher.state !== "idle"}
        data-testid={admin ? "remove-admin" : "make-admin"}
      >
        {admin ? t("people.users.removeAdmin") : t("people.users.makeAdmin")}
      </Button>
      {answer?.ok ? (
        <Text size="xs" c="teal.9" role="status" mt={4} data-testid="user-notice">
          {answer.intent === "makeAdmin" ? t("people.users.madeAdmin") : t("people.users.removedAdmin")}
        </Text>
      ) : null}
      {answer && !answer.ok ? (
        <Text size="xs" c="red.9" role="alert" mt={4} data-testid="user-error">
          {answer.error === lastAdminMessage ? t("people.users.lastAdmin") : te(answer.error)}
        </Text>
      ) : null}
    </fetcher.Form>
  );
}

export default function DashboardUsers({ loaderData }: Route.ComponentProps) {
  const { t, tn, intl } = useI18n();
  const { users, total, page, pages, q, me } = loaderData;
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
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="users-table">
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
                <Table.Tr key={user.email} data-testid="user-row" data-email={user.email}>
                  <Cell label={t("people.users.name")}>
                    {user.name}
                    {user.email.toLowerCase() === me.toLowerCase() ? (
                      <Text span size="xs" c="gray.7">
                        {" "}
                        {t("people.users.you")}
                      </Text>
                    ) : null}
                  </Cell>
                  <Cell label={t("people.email")} style={{ overflowWrap: "anywhere" }}>
                    {user.email}
                  </Cell>
                  <Cell label={t("people.users.role")}>
                    <Badge
                      color={user.role === "admin" ? "grape" : "gray"}
                      variant="light"
                      data-testid="user-role"
                    >
                      {user.role === "admin" ? t("people.users.roleAdmin") : t("people.users.roleUser")}
                    </Badge>
                  </Cell>
                  <Cell label={t("people.users.joined")}>
                    <time dateTime={user.createdAt}>{formatDate(user.createdAt, intl)}</time>
                  </Cell>
                  <Cell label={t("people.users.actions")}>
                    <RoleButton user={user} />
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
