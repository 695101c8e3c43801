// /DeashBoard/fees (admins and accountants): a class's fees in a session (each head's amount and
// when it falls due, the late fines), generating a month's invoices, and the dues list of the
// class (or a section), each student linking to their ledger. The class and session are in the
// address (?session=, ?class=, ?section=), so it all works without script, a phone's width first.
import {
  Anchor,
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { data, Form, href, Link, redirect } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { takaText } from "../../common/fees";
import {
  feeDueKinds,
  feeRateInput,
  fineBandsInput,
  generateInput,
  siblingRuleInput,
} from "../../common/schemas/fees";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { dhakaToday } from "../../common/schemas/routines";
import { listClasses } from "../../server/domain/classes";
import { DomainError, statusOf } from "../../server/domain/errors";
import { duesList } from "../../server/domain/fees/dues";
import { type Generated, generateMonth } from "../../server/domain/fees/generate";
import { readSiblingRule, saveSiblingRule } from "../../server/domain/fees/siblings";
import {
  type FeeStructure,
  listHeads,
  readStructure,
  setFineBands,
  setRate,
} from "../../server/domain/fees/structure";
import { sendFeeReminders } from "../../server/domain/messages/fee-reminders";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { Cell, TableBox } from "../components/dashboard/table-tools";
import { FormError } from "../components/form-error";
import { useI18n } from "../lib/i18n";
import { pageOf, requireRolePage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.fees";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "fees.heading");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = {
  ...personalPage,
  query: ["class", "generated", "reminded", "saved", "section", "session"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireRolePage(context, request, "accountant");
  const { services } = pageOf(context);
  const url = new URL(request.url);
  const classes = await listClasses(services.db);
  const asked = url.searchParams.get("session") ?? "";
  const session = /^(19|20)\d\d(-(19|20)\d\d)?$/.test(asked) ? asked : dhakaToday().slice(0, 4);
  const className =
    classes.find((c) => c.name.toLowerCase() === (url.searchParams.get("class") ?? "").toLowerCase())?.name ??
    classes[0]?.name ??
    null;
  const section = url.searchParams.get("section")?.trim() || "";
  const [heads, siblingRule, structure, dues] = await Promise.all([
    listHeads(services.db, actor),
    readSiblingRule(services.db, actor, session),
    className ? readStructure(services.db, actor, session, className) : null,
    className ? duesList(services.db, actor, { session, class: className, section }) : null,
  ]);
  const generated = generatedOf(url.searchParams.get("generated"));
  return {
    session,
    className,
    section,
    classes: classes.map((c) => ({ name: c.name, sections: c.sections })),
    heads,
    siblingRule,
    structure,
    dues,
    saved: url.searchParams.get("saved") === "1",
    generated,
    reminded: /^\d{1,6}$/.test(url.searchParams.get("reminded") ?? "")
      ? url.searchParams.get("reminded")
      : null,
  };
}

/** The counts a generation sent back in the address; anything else is none. */
function generatedOf(text: string | null): Generated | null {
  try {
    const value = JSON.parse(text ?? "null") as Partial<Generated> | null;
    const counts = [value?.created, value?.existing, value?.students];
    if (value && typeof value.month === "string" && counts.every(Number.isSafeInteger))
      return {
        month: value.month.slice(0, 7),
        created: Number(value.created),
        existing: Number(value.existing),
        students: Number(value.students),
      };
  } catch {
    // Not ours: nothing to report.
  }
  return null;
}

type Answer = { intent: string; fields?: Record<string, Problem>; problem?: Problem };

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireRolePage(context, request, "accountant");
  const { services } = pageOf(context);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const intent = form.intent ?? "";
  const back = (extra: Record<string, string>) => {
    const params = new URLSearchParams({ session: form.session ?? "", class: form.class ?? "", ...extra });
    return redirect(`${href("/DeashBoard/fees")}?${params}`);
  };
  const refuse = (answer: Answer, status = 400) => data(answer, { status });
  try {
    if (intent === "rate") {
      const parsed = feeRateInput.safeParse({
        session: form.session,
        class: form.class,
        head: form.head,
        amount: form.amount,
        due: form.due,
        dueDay: form.dueDay || undefined,
        months: (form.months ?? "").split(/[\s,]+/).filter(Boolean),
      });
      if (!parsed.success) return refuse({ intent, fields: fieldProblemsOf(parsed.error) });
      await setRate(services.db, actor, parsed.data);
      return back({ saved: "1" });
    }
    if (intent === "fines") {
      const bands = [
        ...(form.afterDay && form.afterDayAmount
          ? [{ afterDay: form.afterDay, amount: form.afterDayAmount }]
          : []),
        ...(form.afterMonthAmount ? [{ afterDay: null, amount: form.afterMonthAmount }] : []),
      ];
      const parsed = fineBandsInput.safeParse({ session: form.session, class: form.class, bands });
      if (!parsed.success) return refuse({ intent, fields: fieldProblemsOf(parsed.error) });
      await setFineBands(services.db, actor, parsed.data);
      return back({ saved: "1" });
    }
    if (intent === "sibling") {
      const parsed = siblingRuleInput.safeParse({
        session: form.session,
        head: form.head,
        secondPercent: form.secondPercent || "0",
        laterPercent: form.laterPercent || "0",
      });
      if (!parsed.success) return refuse({ intent, fields: fieldProblemsOf(parsed.error) });
      await saveSiblingRule(services.db, actor, parsed.data);
      return back({ saved: "1" });
    }
    if (intent === "generate") {
      const parsed = generateInput.safeParse({
        session: form.session,
        month: form.month,
        ...(form.only ? { class: form.only } : {}),
      });
      if (!parsed.success) return refuse({ intent, fields: fieldProblemsOf(parsed.error) });
      const done = await generateMonth(services.db, actor, parsed.data);
      return back({ generated: JSON.stringify(done) });
    }
    if (intent === "remind") {
      const done = await sendFeeReminders(
        services.db,
        actor,
        { class: form.class || undefined },
        services.config.instituteName,
      );
      return back({ reminded: String(done.queued) });
    }
    return refuse({ intent, problem: { key: "input.invalid", params: { detail: "unknown intent" } } });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return refuse({ intent, fields: error.fieldProblems, problem: error.problem }, statusOf[error.code]);
  }
}

function RateRows({ structure }: { structure: FeeStructure }) {
  const { t, locale } = useI18n();
  if (structure.rates.length === 0) return <Text data-testid="fees-no-rates">{t("fees.noRates")}</Text>;
  return (
    <TableBox minWidth={480}>
      <Table striped data-testid="fees-rates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("fees.head")}</Table.Th>
            <Table.Th scope="col">{t("fees.amount")}</Table.Th>
            <Table.Th scope="col">{t("fees.due")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {structure.rates.map((rate) => (
            <Table.Tr key={rate.id}>
              <Cell label={t("fees.head")}>
                {locale === "bn" && rate.head.nameBn ? rate.head.nameBn : rate.head.name}
              </Cell>
              <Cell label={t("fees.amount")}>{takaText(rate.amountMinor)}</Cell>
              <Cell label={t("fees.due")}>
                {t(`fees.due.${rate.due}`, { day: rate.dueDay, months: rate.months.join(", ") })}
              </Cell>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableBox>
  );
}

export default function Fees({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te, locale } = useI18n();
  const {
    session,
    className,
    section,
    classes,
    heads,
    siblingRule,
    structure,
    dues,
    saved,
    generated,
    reminded,
  } = loaderData;
  const answer = actionData as Answer | undefined;
  const fieldError = (intent: string, name: string) => {
    const found = answer?.intent === intent ? answer.fields?.[name] : undefined;
    return found ? te(found) : undefined;
  };
  const formError = (intent: string) =>
    answer?.intent === intent && answer.problem && !answer.fields ? te(answer.problem) : null;
  const sections = classes.find((c) => c.name === className)?.sections ?? [];
  const fineAfterDay = structure?.fines.find((band) => band.afterDay !== null);
  const fineAfterMonth = structure?.fines.find((band) => band.afterDay === null);
  const placeFields = (
    <>
      <input type="hidden" name="session" value={session} />
      <input type="hidden" name="class" value={className ?? ""} />
    </>
  );
  return (
    <Box data-testid="fees-page">
      <Title order={2} mb="xs">
        {t("fees.heading")}
      </Title>
      <Text mb="sm">{t("fees.lead")}</Text>
      <Text mb="sm">
        <Anchor component={Link} to={href("/DeashBoard/fees/collections")}>
          {t("fees.collections.link")}
        </Anchor>
      </Text>
      {saved ? (
        <Text role="status" c="teal.9" mb="sm">
          {t("fees.saved")}
        </Text>
      ) : null}
      {generated ? (
        <Text role="status" c="teal.9" mb="sm" data-testid="fees-generated">
          {t("fees.generated", { ...generated })}
        </Text>
      ) : null}
      <Form method="get">
        <Group align="end" gap="sm" mb="md" wrap="wrap">
          <TextInput
            name="session"
            label={t("fees.session")}
            defaultValue={session}
            maxLength={9}
            style={{ flex: "0 1 110px" }}
          />
          <NativeSelect
            name="class"
            label={t("fees.class")}
            defaultValue={className ?? ""}
            data={classes.map((c) => ({ value: c.name, label: c.name }))}
          />
          <NativeSelect
            name="section"
            label={t("fees.section")}
            defaultValue={section}
            data={[
              { value: "", label: t("fees.anySection") },
              ...sections.map((s) => ({ value: s, label: s })),
            ]}
          />
          <Button type="submit" variant="default">
            {t("fees.show")}
          </Button>
        </Group>
      </Form>

      {structure && className ? (
        <Paper withBorder p="md" mb="lg">
          <Title order={3} size="h4" mb="sm">
            {t("fees.structure", { class: className, session })}
          </Title>
          <RateRows structure={structure} />
          {structure.fines.length > 0 ? (
            <Text size="sm" mt="xs" data-testid="fees-fines">
              {structure.fines
                .map((band) =>
                  band.afterDay === null
                    ? t("fees.fine.afterMonth", { amount: takaText(band.amountMinor) })
                    : t("fees.fine.afterDay", { day: band.afterDay, amount: takaText(band.amountMinor) }),
                )
                .join(" · ")}
            </Text>
          ) : null}
          <details open={answer?.intent === "rate" ? true : undefined}>
            <summary>{t("fees.setRate")}</summary>
            <Form method="post" data-testid="fees-rate-form">
              <FormError message={formError("rate")} />
              {placeFields}
              <input type="hidden" name="intent" value="rate" />
              <Group align="start" gap="sm" wrap="wrap">
                <NativeSelect
                  name="head"
                  label={t("fees.head")}
                  data={heads.map((head) => ({ value: head.key, label: head.name }))}
                  error={fieldError("rate", "head")}
                />
                <TextInput
                  name="amount"
                  label={t("fees.amount")}
                  required
                  inputMode="decimal"
                  maxLength={20}
                  error={fieldError("rate", "amount")}
                />
                <NativeSelect
                  name="due"
                  label={t("fees.dueKind")}
                  data={feeDueKinds.map((kind) => ({ value: kind, label: t(`fees.dueKind.${kind}`) }))}
                  error={fieldError("rate", "due")}
                />
                <TextInput
                  name="dueDay"
                  label={t("fees.dueDay")}
                  defaultValue="10"
                  inputMode="numeric"
                  maxLength={2}
                  error={fieldError("rate", "dueDay")}
                />
                <TextInput
                  name="months"
                  label={t("fees.months")}
                  maxLength={40}
                  error={fieldError("rate", "months") ?? fieldError("rate", "months.0")}
                />
              </Group>
              <Button type="submit" mt="sm">
                {t("fees.setRate")}
              </Button>
            </Form>
          </details>
          <details open={answer?.intent === "fines" ? true : undefined}>
            <summary>{t("fees.fines")}</summary>
            <Form method="post" data-testid="fees-fines-form">
              <FormError message={formError("fines")} />
              {placeFields}
              <input type="hidden" name="intent" value="fines" />
              <Group align="start" gap="sm" wrap="wrap">
                <TextInput
                  name="afterDay"
                  label={t("fees.fineAfterDay")}
                  defaultValue={String(fineAfterDay?.afterDay ?? 10)}
                  inputMode="numeric"
                  maxLength={2}
                  error={fieldError("fines", "bands.0.afterDay")}
                />
                <TextInput
                  name="afterDayAmount"
                  label={t("fees.fineAfterDayAmount")}
                  defaultValue={fineAfterDay ? takaText(fineAfterDay.amountMinor) : ""}
                  inputMode="decimal"
                  maxLength={20}
                  error={fieldError("fines", "bands.0.amount")}
                />
                <TextInput
                  name="afterMonthAmount"
                  label={t("fees.fineAfterMonth")}
                  defaultValue={fineAfterMonth ? takaText(fineAfterMonth.amountMinor) : ""}
                  inputMode="decimal"
                  maxLength={20}
                  error={fieldError("fines", "bands.1.amount")}
                />
              </Group>
              <Button type="submit" mt="sm">
                {t("fees.setFines")}
              </Button>
            </Form>
          </details>
        </Paper>
      ) : null}

      <Paper withBorder p="md" mb="lg">
        <Title order={3} size="h4" mb="xs">
          {t("fees.sibling")}
        </Title>
        <Text size="sm" mb="xs" data-testid="fees-sibling-rule">
          {siblingRule.on
            ? t("fees.sibling.on", {
                head: siblingRule.headName ?? "",
                second: siblingRule.secondPercent,
                later: siblingRule.laterPercent,
              })
            : t("fees.sibling.off")}
        </Text>
        <details open={answer?.intent === "sibling" ? true : undefined}>
          <summary>{t("fees.sibling.save")}</summary>
          <Text size="sm" my="xs">
            {t("fees.sibling.lead")}
          </Text>
          <Form method="post" data-testid="fees-sibling-form">
            <FormError message={formError("sibling")} />
            {placeFields}
            <input type="hidden" name="intent" value="sibling" />
            <Group align="start" gap="sm" wrap="wrap">
              <NativeSelect
                name="head"
                label={t("fees.sibling.head")}
                defaultValue={siblingRule.head ?? "tuition"}
                data={heads.map((head) => ({ value: head.key, label: head.name }))}
                error={fieldError("sibling", "head")}
              />
              <TextInput
                name="secondPercent"
                label={t("fees.sibling.second")}
                defaultValue={String(siblingRule.secondPercent)}
                inputMode="numeric"
                maxLength={3}
                error={fieldError("sibling", "secondPercent")}
              />
              <TextInput
                name="laterPercent"
                label={t("fees.sibling.later")}
                defaultValue={String(siblingRule.laterPercent)}
                inputMode="numeric"
                maxLength={3}
                error={fieldError("sibling", "laterPercent")}
              />
            </Group>
            <Button type="submit" mt="sm">
              {t("fees.sibling.save")}
            </Button>
          </Form>
        </details>
      </Paper>

      <Paper withBorder p="md" mb="lg">
        <Title order={3} size="h4" mb="xs">
          {t("fees.generate")}
        </Title>
        <Text size="sm" mb="sm">
          {t("fees.generateLead")}
        </Text>
        <Form method="post" data-testid="fees-generate-form">
          <FormError message={formError("generate")} />
          {placeFields}
          <input type="hidden" name="intent" value="generate" />
          <Group align="start" gap="sm" wrap="wrap">
            <TextInput
              name="month"
              label={t("fees.month")}
              required
              placeholder={`${session.slice(0, 4)}-01`}
              maxLength={7}
              error={fieldError("generate", "month")}
            />
            <NativeSelect
              name="only"
              label={t("fees.class")}
              defaultValue={className ?? ""}
              data={[
                { value: "", label: t("fees.allClasses") },
                ...classes.map((c) => ({ value: c.name, label: c.name })),
              ]}
              error={fieldError("generate", "class") ?? fieldError("generate", "session")}
            />
          </Group>
          <Button type="submit" mt="sm">
            {t("fees.generateSubmit")}
          </Button>
        </Form>
      </Paper>

      {dues ? (
        <Box>
          <Title order={3} size="h4" mb="xs">
            {t("fees.dues")}
          </Title>
          <Text mb="xs" data-testid="fees-dues-total">
            {t("fees.total", { amount: takaText(dues.totalMinor) })}
          </Text>
          <Text mb="xs" size="sm" data-testid="fees-dues-files">
            {`${t("fees.download")} `}
            {(["csv", "xlsx"] as const).map((format, index) => {
              const query = new URLSearchParams({ session, format, language: locale });
              if (className) query.set("class", className);
              if (section) query.set("section", section);
              return (
                <span key={format}>
                  {index > 0 ? " · " : null}
                  <Anchor href={`/api/fees/dues/file?${query}`} download>
                    {format.toUpperCase()}
                  </Anchor>
                </span>
              );
            })}
          </Text>
          {dues.rows.length === 0 ? (
            <Text>{t("fees.noDues")}</Text>
          ) : (
            <TableBox minWidth={560}>
              <Table striped data-testid="fees-dues">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t("fees.roll")}</Table.Th>
                    <Table.Th scope="col">{t("fees.name")}</Table.Th>
                    <Table.Th scope="col">{t("fees.section")}</Table.Th>
                    <Table.Th scope="col">{t("fees.monthsOwed")}</Table.Th>
                    <Table.Th scope="col">{t("fees.oldest")}</Table.Th>
                    <Table.Th scope="col">{t("fees.owed")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {dues.rows.map((row) => (
                    <Table.Tr key={row.id} data-testid="fees-dues-row">
                      <Cell label={t("fees.roll")}>{row.roll}</Cell>
                      <Cell label={t("fees.name")} style={{ overflowWrap: "anywhere" }}>
                        <Anchor component={Link} to={href("/DeashBoard/fees/students/:id", { id: row.id })}>
                          {row.name}
                        </Anchor>
                      </Cell>
                      <Cell label={t("fees.section")}>{row.section ?? ""}</Cell>
                      <Cell label={t("fees.monthsOwed")}>{String(row.months)}</Cell>
                      <Cell label={t("fees.oldest")}>{row.oldest}</Cell>
                      <Cell label={t("fees.owed")}>{takaText(row.owedMinor)}</Cell>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableBox>
          )}
          {reminded !== null ? (
            <Text mt="xs" role="status" data-testid="fees-reminded">
              {t("messages.feeReminder.queued", { count: reminded })}
            </Text>
          ) : null}
          {dues.rows.length > 0 ? (
            <Form method="post" data-testid="fees-remind">
              {placeFields}
              <input type="hidden" name="intent" value="remind" />
              <Button type="submit" variant="default" mt="xs">
                {t("messages.feeReminder.send")}
              </Button>
            </Form>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
