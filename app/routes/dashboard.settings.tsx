// /DeashBoard/settings (admins): the calendars shown beside the Gregorian date on notices, events,
// the calendar, receipts and marksheets (none, the Bangla calendar's, the Hijri, or both), the
// Hijri offset of up to two days, and the institute's names in English and Bangla for the
// installed app (docs/offline-and-dates.md); and the cart's shipping and tax (the specification's
// 15 and 10% by default), each of which may be zero or renamed (server/domain/cart-charges.ts).
// Works without script.
import { Alert, Button, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, Form, href, redirect } from "react-router";
import { extraCalendarChoices, extraDates } from "../../common/dates";
import { type Problem, problem } from "../../common/errors/problem";
import { readPrice } from "../../common/money";
import { cartChargesInput, chargeLabelMaxLetters } from "../../common/schemas/cart-charges";
import { instituteNameMaxLetters, siteSettingsInput } from "../../common/schemas/site-settings";
import { asciiDigits, lettersAsCodeUnits } from "../../common/text-rules";
import { readCartCharges, saveCartCharges } from "../../server/domain/cart-charges";
import { DomainError } from "../../server/domain/errors";
import { readSiteSettings, saveSiteSettings } from "../../server/domain/site-settings";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import { type FieldErrors, fieldProblemsOf } from "../lib/use-schema-form";
import type { Route } from "./+types/dashboard.settings";

export const handle = { ...personalPage, query: ["saved"] };

const chargeLabels = ["shippingLabelEn", "shippingLabelBn", "taxLabelEn", "taxLabelBn"] as const;

const offsets = [-2, -1, 0, 1, 2];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { services } = pageOf(context);
  return {
    settings: await readSiteSettings(services.db),
    charges: await readCartCharges(services.db),
    saved: new URL(request.url).searchParams.get("saved") === "1",
    today: new Date().toISOString(),
  };
}

/** A refusal: the fields' problems, and what was typed, to fill the form again without script. */
type ActionAnswer = { fields: FieldErrors; error: Problem; typed: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const typed = Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const refused = (fields: FieldErrors) =>
    data<ActionAnswer>({ fields, error: problem("request.invalid"), typed }, { status: 400 });
  const saving = async (save: () => Promise<unknown>) => {
    try {
      await save();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      throw data({ error: error.problem ?? problem("auth.roleOnly") }, { status: 403 });
    }
  };
  if (field("intent") === "cart-charges") {
    // The shipping is written in taka (or the currency's major units), read by the one price parser.
    const shipping = readPrice(field("shipping") ?? "", "amount");
    if ("error" in shipping) return refused({ shipping: shipping.error });
    const percent = asciiDigits(field("taxPercent") ?? "").trim();
    const charges = cartChargesInput.safeParse({
      shippingMinor: shipping.minor,
      taxPercent: percent === "" || !/^\d+(\.\d+)?$/.test(percent) ? percent : Number(percent),
      ...Object.fromEntries(chargeLabels.map((name) => [name, field(name) ?? ""])),
    });
    if (!charges.success) return refused(fieldProblemsOf(charges.error));
    await saving(() => saveCartCharges(services.db, actor, charges.data));
    return redirect(`${href("/DeashBoard/settings")}?saved=1`);
  }
  const offset = field("hijriOffset");
  const settings = siteSettingsInput.safeParse({
    calendars: field("calendars"),
    hijriOffset: offset === undefined || offset.trim() === "" ? undefined : Number(offset),
    nameEn: field("nameEn") ?? "",
    nameBn: field("nameBn") ?? "",
  });
  if (!settings.success) return refused(fieldProblemsOf(settings.error));
  await saving(() => saveSiteSettings(services.db, actor, settings.data));
  return redirect(`${href("/DeashBoard/settings")}?saved=1`);
}

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "settings.title");

export default function SiteSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te, locale } = useI18n();
  const { settings, charges } = loaderData;
  const fieldError = (name: string) => {
    const found = actionData?.fields?.[name];
    return found ? te(found) : undefined;
  };
  // After a refusal the form shows what was typed, not what is stored (a page without script is
  // drawn afresh from the server).
  const typed = (name: string, stored: string) =>
    (actionData && "typed" in actionData ? actionData.typed[name] : undefined) ?? stored;
  const example = extraDates(loaderData.today, locale, { ...settings, calendars: "both" }).join(" · ");
  return (
    <Stack gap="lg" maw={700}>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <Title order={2} mb="xs">
          {t("settings.title")}
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          {t("settings.lead")}
        </Text>
        {loaderData.saved ? (
          <Alert color="green" variant="light" mb="sm" role="status" data-testid="settings-saved">
            {t("settings.saved")}
          </Alert>
        ) : null}
        {actionData?.error ? (
          <Alert color="red" variant="light" mb="sm" role="alert" data-testid="settings-error">
            {te(actionData.error)}
          </Alert>
        ) : null}
        <Form method="post" noValidate data-testid="site-settings-form">
          <Stack gap="sm">
            <NativeSelect
              name="calendars"
              label={t("settings.calendars")}
              defaultValue={typed("calendars", settings.calendars)}
              data={extraCalendarChoices.map((choice) => ({
                value: choice,
                label: t(`settings.calendars.${choice}`),
              }))}
              error={fieldError("calendars")}
            />
            <NativeSelect
              name="hijriOffset"
              label={t("settings.hijriOffset")}
              defaultValue={typed("hijriOffset", String(settings.hijriOffset))}
              data={offsets.map((offset) => ({
                value: String(offset),
                label: offset > 0 ? `+${offset}` : String(offset),
              }))}
              error={fieldError("hijriOffset")}
            />
            <Text size="sm" data-testid="settings-example">
              {t("settings.example", { dates: example })}
            </Text>
            <TextInput
              name="nameEn"
              label={t("settings.nameEn")}
              description={t("settings.nameHint")}
              defaultValue={typed("nameEn", settings.nameEn ?? "")}
              maxLength={lettersAsCodeUnits(instituteNameMaxLetters)}
              error={fieldError("nameEn")}
            />
            <TextInput
              name="nameBn"
              lang="bn"
              label={t("settings.nameBn")}
              description={t("settings.nameHint")}
              defaultValue={typed("nameBn", settings.nameBn ?? "")}
              maxLength={lettersAsCodeUnits(instituteNameMaxLetters)}
              error={fieldError("nameBn")}
            />
            <Button type="submit" name="intent" value="site-settings" variant="filled">
              {t("settings.save")}
            </Button>
          </Stack>
        </Form>
      </Paper>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <Title order={2} mb="xs">
          {t("settings.charges.title")}
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          {t("settings.charges.lead")}
        </Text>
        <Form method="post" noValidate data-testid="cart-charges-form">
          <Stack gap="sm">
            <TextInput
              name="shipping"
              label={t("settings.charges.shipping")}
              description={t("settings.charges.zeroHint")}
              defaultValue={typed("shipping", (charges.shippingMinor / 100).toFixed(2))}
              inputMode="decimal"
              error={fieldError("shipping") ?? fieldError("shippingMinor")}
            />
            <TextInput
              name="taxPercent"
              label={t("settings.charges.taxPercent")}
              description={t("settings.charges.zeroHint")}
              defaultValue={typed("taxPercent", String(charges.taxPercent))}
              inputMode="decimal"
              error={fieldError("taxPercent")}
            />
            {chargeLabels.map((name) => (
              <TextInput
                key={name}
                name={name}
                lang={name.endsWith("Bn") ? "bn" : undefined}
                label={t(`settings.charges.${name}`)}
                description={t("settings.charges.labelHint")}
                defaultValue={typed(name, charges[name] ?? "")}
                maxLength={lettersAsCodeUnits(chargeLabelMaxLetters)}
                error={fieldError(name)}
              />
            ))}
            <Button type="submit" name="intent" value="cart-charges" variant="filled">
              {t("settings.charges.save")}
            </Button>
          </Stack>
        </Form>
      </Paper>
    </Stack>
  );
}
