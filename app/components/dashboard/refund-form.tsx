// The orders page's controls for one paid order: refund (how much, or "everything left" ticked,
// and why, confirmed by a box ticked: nothing is refunded by a slip), a plain form in a
// disclosure, so it works without script and stays out of the way; and for
// a payment on hold, confirming it once checked. The refund is on the one form pattern
// (app/lib/use-schema-form.ts): checked in the browser with refundInput, the server's schema.

import { Button, Checkbox, Group, Text, TextInput } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import type { Problem } from "../../../common/errors/problem";
import { lettersAsCodeUnits } from "../../../common/text-rules";
import { useI18n } from "../../lib/i18n";
import { useSchemaForm } from "../../lib/use-schema-form";

export type RefundFormAnswer =
  | { ok: true; orderId: string; amountMinor: number }
  | { ok: true; orderId: string; confirmed: true }
  | { ok: false; orderId: string; error: Problem | null; fields?: Record<string, Problem> };

export function RefundForm({
  orderId,
  left,
  answer,
}: {
  orderId: string;
  /** What is left to refund, as the page shows money. */
  left: string;
  answer: RefundFormAnswer | undefined;
}) {
  const { t, te } = useI18n();
  const navigation = useNavigation();
  const mine = answer && !answer.ok && answer.orderId === orderId ? answer : undefined;
  const busy = navigation.state !== "idle" && navigation.formData?.get("orderId") === orderId;
  const { onSubmit, onFocus, fieldError } = useSchemaForm(
    () => import("../../../common/schemas/orders").then((m) => m.refundInput),
    mine?.fields,
    {
      // As the action reads them: an empty amount is all that is left once "everything" is ticked.
      values: (form) => {
        const data = new FormData(form);
        const amount = String(data.get("amount") ?? "").trim();
        return { amount: amount || undefined, reason: String(data.get("reason") ?? "") };
      },
    },
  );
  return (
    <details className="refund" open={Boolean(mine)}>
      <summary>{t("cart.refund.open")}</summary>
      <Form
        method="post"
        className="refund__form"
        data-testid="refund-form"
        noValidate
        onSubmit={onSubmit}
        onFocus={onFocus}
      >
        <input type="hidden" name="orderId" value={orderId} />
        <TextInput
          name="amount"
          label={t("cart.refund.amount")}
          aria-describedby={`refund-left-${orderId}`}
          inputMode="decimal"
          size="xs"
          error={fieldError("amount")}
        />
        {/* Mantine's own description is too pale for AA contrast on the striped rows. */}
        <Text id={`refund-left-${orderId}`} size="xs" c="gray.8">
          {t("cart.refund.amountHint", { left })}
        </Text>
        <Checkbox
          name="everything"
          value="yes"
          size="xs"
          mt={4}
          label={t("cart.refund.everything", { left })}
          data-testid="refund-everything"
        />
        <TextInput
          name="reason"
          label={t("cart.refund.reason")}
          required
          maxLength={lettersAsCodeUnits(250)}
          size="xs"
          error={fieldError("reason")}
        />
        <Checkbox
          name="confirm"
          value="yes"
          size="xs"
          mt="xs"
          label={t("cart.refund.confirm")}
          error={fieldError("confirm")}
          data-testid="refund-confirm"
        />
        {mine?.error ? (
          <Text size="xs" c="red.9" role="alert">
            {te(mine.error)}
          </Text>
        ) : null}
        <Group mt="xs">
          <Button type="submit" size="xs" color="red.9" loading={busy}>
            {t("cart.refund.submit")}
          </Button>
        </Group>
      </Form>
    </details>
  );
}

/** A payment on hold: the admin has checked it and takes it (refunding is the other way out). */
export function ConfirmHoldForm({ orderId }: { orderId: string }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("orderId") === orderId;
  return (
    <Form method="post" data-testid="confirm-hold">
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="intent" value="confirm" />
      <Button type="submit" size="xs" variant="outline" color="teal.9" mt={4} loading={busy}>
        {t("cart.hold.confirm")}
      </Button>
    </Form>
  );
}
