// /DeashBoard/fees/students/{id} (admins and accountants): a student's fees ledger (every charge,
// waiver, fine, correction and payment with the running balance), the open months with the fine
// each would carry today, the receipts (each may be cancelled, or refunded: through the provider
// when it came online, in cash otherwise), and the office's "take a payment" form, which opens the
// printable receipt. Plain forms that work without script, a phone's width first.
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
  cancelInput,
  correctionInput,
  feeRefundInput,
  officeChannels,
  paymentInput,
  waiverInput,
} from "../../common/schemas/fees";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { lettersAsCodeUnits } from "../../common/text-rules";
import { DomainError, statusOf } from "../../server/domain/errors";
import { correctInvoice } from "../../server/domain/fees/corrections";
import { studentLedger } from "../../server/domain/fees/ledger";
import { takePayment } from "../../server/domain/fees/payment";
import { cancelReceipt } from "../../server/domain/fees/receipt";
import { refundFeePayment } from "../../server/domain/fees/refunds";
import { listHeads } from "../../server/domain/fees/structure";
import { addWaiver } from "../../server/domain/fees/waivers";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { Cell, TableBox } from "../components/dashboard/table-tools";
import { FormError } from "../components/form-error";
import { useI18n } from "../lib/i18n";
import { pageOf, requireRolePage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.fees-student";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "fees.ledger");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = personalPage;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = requireRolePage(context, request, "accountant");
  const { services } = pageOf(context);
  try {
    const [ledger, heads] = await Promise.all([
      studentLedger(services.db, actor, params.id),
      listHeads(services.db, actor),
    ]);
    return { ledger, heads };
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
}

type Answer = {
  intent?: string;
  fields?: Record<string, Problem>;
  problem?: Problem;
  form?: Record<string, string>;
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = requireRolePage(context, request, "accountant");
  const { services } = pageOf(context);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const intent = form.intent ?? "pay";
  const refuse = (answer: Answer, status = 400) => data({ ...answer, intent, form }, { status });
  try {
    if (intent === "waiver") {
      const parsed = waiverInput.safeParse({
        student: params.id,
        head: form.head ?? "",
        ...(form.percent ? { percent: form.percent } : {}),
        ...(form.waiveAmount ? { amount: form.waiveAmount } : {}),
        from: form.from ?? "",
        until: form.until ?? "",
        reason: form.reason ?? "",
      });
      if (!parsed.success) {
        const fields = fieldProblemsOf(parsed.error);
        if (fields.amount) fields.waiveAmount = fields.amount;
        return refuse({ fields });
      }
      await addWaiver(services.db, actor, parsed.data);
      return redirect(href("/DeashBoard/fees/students/:id", { id: params.id }));
    }
    if (intent === "correct") {
      const parsed = correctionInput.safeParse({
        kind: form.kind ?? "",
        amount: form.correctAmount ?? "",
        reason: form.reason ?? "",
      });
      if (!parsed.success) {
        const fields = fieldProblemsOf(parsed.error);
        if (fields.amount) fields.correctAmount = fields.amount;
        return refuse({ fields });
      }
      await correctInvoice(services.db, actor, form.invoice ?? "", parsed.data);
      return redirect(href("/DeashBoard/fees/students/:id", { id: params.id }));
    }
    if (intent === "cancel") {
      const parsed = cancelInput.safeParse({ reason: form.reason ?? "" });
      if (!parsed.success) return refuse({ fields: fieldProblemsOf(parsed.error) });
      await cancelReceipt(services.db, actor, form.receipt ?? "", parsed.data.reason);
      return redirect(href("/DeashBoard/fees/students/:id", { id: params.id }));
    }
    if (intent === "refund") {
      const parsed = feeRefundInput.safeParse({
        ...(form.refundAmount ? { amount: form.refundAmount } : {}),
        reason: form.reason ?? "",
      });
      if (!parsed.success) {
        const fields = fieldProblemsOf(parsed.error);
        if (fields.amount) fields.refundAmount = fields.amount;
        return refuse({ fields });
      }
      await refundFeePayment(services, actor, form.receipt ?? "", parsed.data);
      return redirect(href("/DeashBoard/fees/students/:id", { id: params.id }));
    }
    const parsed = paymentInput.safeParse({
      amount: form.amount ?? "",
      channel: form.channel ?? "",
      reference: form.reference ?? "",
      paidOn: form.paidOn ?? "",
    });
    if (!parsed.success) return refuse({ fields: fieldProblemsOf(parsed.error) });
    const taken = await takePayment(services.db, actor, params.id, parsed.data);
    return redirect(href("/fees/receipts/:id", { id: taken.id }));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return refuse({ fields: error.fieldProblems, problem: error.problem }, statusOf[error.code]);
  }
}

export default function FeesStudent({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const { ledger, heads } = loaderData;
  const answer = actionData as Answer | undefined;
  const of = (intent: string) => (answer && (answer.intent ?? "pay") === intent ? answer : undefined);
  const field = (name: string, intent = "pay") => {
    const found = of(intent)?.fields?.[name];
    return found ? te(found) : undefined;
  };
  const { student } = ledger;
  return (
    <Box data-testid="fees-ledger">
      <Title order={2} mb="xs">
        {t("fees.ledgerOf", { name: student.name })}
      </Title>
      {student.className ? (
        <Text mb="sm">
          {t("fees.place", {
            class: student.className,
            section: student.section ?? "",
            roll: student.roll ?? "",
            session: student.session ?? "",
          })}
        </Text>
      ) : null}
      <Text fw={600} data-testid="fees-balance">
        {t("fees.balanceNow", { amount: takaText(ledger.balanceMinor) })}
      </Text>
      <Text mb="md" data-testid="fees-due-today">
        {t("fees.dueToday", { amount: takaText(ledger.dueTodayMinor) })}
      </Text>

      <Paper withBorder p="md" mb="lg">
        <Title order={3} size="h4" mb="xs">
          {t("fees.take")}
        </Title>
        <Text size="sm" mb="sm">
          {t("fees.takeLead")}
        </Text>
        <Form method="post" data-testid="fees-pay-form">
          <FormError
            message={
              of("pay")?.problem && !of("pay")?.fields
                ? te(of("pay")?.problem ?? { key: "input.invalid" })
                : null
            }
          />
          <Group align="start" gap="sm" wrap="wrap">
            <TextInput
              name="amount"
              label={t("fees.amount")}
              required
              inputMode="decimal"
              maxLength={20}
              defaultValue={answer?.form?.amount ?? ""}
              error={field("amount")}
            />
            <NativeSelect
              name="channel"
              label={t("fees.channel")}
              defaultValue={answer?.form?.channel ?? "cash"}
              data={officeChannels.map((channel) => ({
                value: channel,
                label: t(`fees.channel.${channel}`),
              }))}
              error={field("channel")}
            />
            <TextInput
              name="reference"
              label={t("fees.reference")}
              maxLength={lettersAsCodeUnits(60)}
              defaultValue={answer?.form?.reference ?? ""}
              error={field("reference")}
            />
            <TextInput
              name="paidOn"
              label={t("fees.paidOn")}
              type="date"
              defaultValue={answer?.form?.paidOn ?? ""}
              error={field("paidOn")}
            />
          </Group>
          <Button type="submit" mt="sm">
            {t("fees.takeSubmit")}
          </Button>
        </Form>
      </Paper>

      <Paper withBorder p="md" mb="lg">
        <details open={of("waiver") ? true : undefined}>
          <summary>{t("fees.waive")}</summary>
          <Text size="sm" my="xs">
            {t("fees.waiveLead")}
          </Text>
          <Form method="post" data-testid="fees-waiver-form">
            <input type="hidden" name="intent" value="waiver" />
            <FormError
              message={
                of("waiver")?.problem && !of("waiver")?.fields
                  ? te(of("waiver")?.problem ?? { key: "input.invalid" })
                  : null
              }
            />
            <Group align="start" gap="sm" wrap="wrap">
              <NativeSelect
                name="head"
                label={t("fees.head")}
                data={heads.map((head) => ({ value: head.key, label: head.name }))}
                error={field("head", "waiver")}
              />
              <TextInput
                name="percent"
                label={t("fees.percent")}
                inputMode="numeric"
                maxLength={3}
                error={field("percent", "waiver")}
              />
              <TextInput
                name="waiveAmount"
                label={t("fees.waiveAmount")}
                inputMode="decimal"
                maxLength={20}
                error={field("waiveAmount", "waiver")}
              />
              <TextInput
                name="from"
                label={t("fees.from")}
                required
                placeholder="2026-03"
                maxLength={7}
                error={field("from", "waiver")}
              />
              <TextInput
                name="until"
                label={t("fees.until")}
                maxLength={7}
                error={field("until", "waiver")}
              />
              <TextInput
                name="reason"
                label={t("fees.reason")}
                required
                maxLength={lettersAsCodeUnits(250)}
                error={field("reason", "waiver")}
              />
            </Group>
            <Button type="submit" mt="sm">
              {t("fees.waiveSubmit")}
            </Button>
          </Form>
        </details>
      </Paper>

      {ledger.invoices.length > 0 ? (
        <Paper withBorder p="md" mb="lg">
          <details open={of("correct") ? true : undefined}>
            <summary>{t("fees.correct")}</summary>
            <Text size="sm" my="xs">
              {t("fees.correctLead")}
            </Text>
            <Form method="post" data-testid="fees-correct-form">
              <input type="hidden" name="intent" value="correct" />
              <FormError
                message={
                  of("correct")?.problem && !of("correct")?.fields
                    ? te(of("correct")?.problem ?? { key: "input.invalid" })
                    : null
                }
              />
              <Group align="start" gap="sm" wrap="wrap">
                <NativeSelect
                  name="invoice"
                  label={t("fees.invoice")}
                  data={ledger.invoices.map((invoice) => ({
                    value: invoice.id,
                    label: `${invoice.month}${invoice.period.startsWith("once:") ? " *" : ""} (${takaText(invoice.totalMinor)})`,
                  }))}
                />
                <NativeSelect
                  name="kind"
                  label={t("fees.correction")}
                  data={(["credit", "debit"] as const).map((kind) => ({
                    value: kind,
                    label: t(`fees.correction.${kind}`),
                  }))}
                  error={field("kind", "correct")}
                />
                <TextInput
                  name="correctAmount"
                  label={t("fees.amount")}
                  required
                  inputMode="decimal"
                  maxLength={20}
                  error={field("correctAmount", "correct")}
                />
                <TextInput
                  name="reason"
                  label={t("fees.reason")}
                  required
                  maxLength={lettersAsCodeUnits(250)}
                  error={field("reason", "correct")}
                />
              </Group>
              <Button type="submit" mt="sm">
                {t("fees.correctSubmit")}
              </Button>
            </Form>
          </details>
        </Paper>
      ) : null}

      {ledger.open.length > 0 ? (
        <Box mb="lg">
          <Title order={3} size="h4" mb="xs">
            {t("fees.open")}
          </Title>
          <TableBox minWidth={420}>
            <Table striped data-testid="fees-open">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("fees.oldest")}</Table.Th>
                  <Table.Th scope="col">{t("fees.owed")}</Table.Th>
                  <Table.Th scope="col">{t("fees.fineToday")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ledger.open.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Cell label={t("fees.oldest")}>{invoice.month}</Cell>
                    <Cell label={t("fees.owed")}>{takaText(invoice.totalMinor - invoice.paidMinor)}</Cell>
                    <Cell label={t("fees.fineToday")}>{takaText(invoice.fineTodayMinor)}</Cell>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableBox>
        </Box>
      ) : null}

      <Title order={3} size="h4" mb="xs">
        {t("fees.ledger")}
      </Title>
      {ledger.entries.length === 0 ? (
        <Text>{t("fees.noEntries")}</Text>
      ) : (
        <TableBox minWidth={560}>
          <Table striped data-testid="fees-entries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("fees.date")}</Table.Th>
                <Table.Th scope="col">{t("fees.entry")}</Table.Th>
                <Table.Th scope="col">{t("fees.charge")}</Table.Th>
                <Table.Th scope="col">{t("fees.credit")}</Table.Th>
                <Table.Th scope="col">{t("fees.balance")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ledger.entries.map((entry) => (
                <Table.Tr key={entry.id} data-testid="fees-entry">
                  <Cell label={t("fees.date")}>{entry.date}</Cell>
                  <Cell label={t("fees.entry")}>
                    {entry.paymentId ? (
                      <Anchor component={Link} to={href("/fees/receipts/:id", { id: entry.paymentId })}>
                        {t(`fees.kind.${entry.kind}`, { label: entry.label, month: entry.month ?? "" })}
                      </Anchor>
                    ) : (
                      t(`fees.kind.${entry.kind}`, { label: entry.label, month: entry.month ?? "" })
                    )}
                    {entry.reason && entry.kind !== "fine" ? (
                      <Text span size="sm" c="gray.7">
                        {` (${entry.reason})`}
                      </Text>
                    ) : null}
                  </Cell>
                  <Cell label={t("fees.charge")}>
                    {entry.amountMinor > 0 ? takaText(entry.amountMinor) : ""}
                  </Cell>
                  <Cell label={t("fees.credit")}>
                    {entry.amountMinor < 0 ? takaText(-entry.amountMinor) : ""}
                  </Cell>
                  <Cell label={t("fees.balance")}>{takaText(entry.balanceMinor)}</Cell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableBox>
      )}
      {ledger.payments.length > 0 ? (
        <Box mt="lg">
          <Title order={3} size="h4" mb="xs">
            {t("fees.payments")}
          </Title>
          <ul data-testid="fees-receipts">
            {ledger.payments.map((payment) => (
              <li key={payment.id}>
                <Anchor component={Link} to={href("/fees/receipts/:id", { id: payment.id })}>
                  {payment.receipt}
                </Anchor>{" "}
                {payment.paidOn}, {takaText(payment.amountMinor)} ({t(`fees.channel.${payment.channel}`)})
                {payment.refundedMinor > 0
                  ? ` · ${t("fees.refunded", { amount: takaText(payment.refundedMinor) })}`
                  : null}
                {payment.cancelled ? (
                  ` · ${t("fees.cancelled")}`
                ) : (
                  <>
                    {payment.refundedMinor < payment.amountMinor ? (
                      <details>
                        <summary>{t("fees.refund")}</summary>
                        <Form method="post">
                          <input type="hidden" name="intent" value="refund" />
                          <input type="hidden" name="receipt" value={payment.id} />
                          <TextInput
                            name="refundAmount"
                            label={t("fees.refundAmount")}
                            inputMode="decimal"
                            error={
                              of("refund")?.form?.receipt === payment.id
                                ? field("refundAmount", "refund")
                                : undefined
                            }
                          />
                          <TextInput
                            name="reason"
                            label={t("fees.reason")}
                            required
                            maxLength={lettersAsCodeUnits(250)}
                            error={
                              of("refund")?.form?.receipt === payment.id
                                ? field("reason", "refund")
                                : undefined
                            }
                          />
                          {of("refund")?.form?.receipt === payment.id && of("refund")?.problem ? (
                            <Text c="red" size="sm" role="alert">
                              {te(of("refund")?.problem as Problem)}
                            </Text>
                          ) : null}
                          <Button type="submit" mt="xs" variant="outline">
                            {t("fees.refund")}
                          </Button>
                        </Form>
                      </details>
                    ) : null}
                    <details>
                      <summary>{t("fees.cancel")}</summary>
                      <Form method="post">
                        <input type="hidden" name="intent" value="cancel" />
                        <input type="hidden" name="receipt" value={payment.id} />
                        <TextInput
                          name="reason"
                          label={t("fees.reason")}
                          required
                          maxLength={lettersAsCodeUnits(250)}
                          error={
                            of("cancel")?.form?.receipt === payment.id ? field("reason", "cancel") : undefined
                          }
                        />
                        <Button type="submit" mt="xs" variant="outline" color="red">
                          {t("fees.cancel")}
                        </Button>
                      </Form>
                    </details>
                  </>
                )}
              </li>
            ))}
          </ul>
        </Box>
      ) : null}
    </Box>
  );
}
