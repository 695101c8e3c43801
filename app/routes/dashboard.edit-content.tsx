// /DeashBoard/edit/:kind/:id (admins): the kind's add form, prefilled from the record. Saving
// sends the collection only the fields that changed, and an image when a new file or link was
// given (or none, when an optional image is removed); the domain checks the permissions and the
// values again. The script's post is answered with JSON by the middleware, as on the add pages;
// without script the action answers the page.
import { Anchor } from "@mantine/core";
import { data, href, Link, type RouterContextProvider, useRevalidator } from "react-router";
import { dhakaDateTime } from "../../common/calendar";
import { kinds } from "../../common/kinds";
import { toMajorUnits } from "../../common/money";
import { filledIn, type Locale } from "../../i18n/translate";
import { collectionsByKind } from "../components/dashboard/collections.server";
import { ContentFormView, type FormAnswer } from "../components/dashboard/content-form";
import { failureOf, readContentForm, referenceChoices } from "../components/dashboard/content-form.server";
import { type ContentForm, contentForms } from "../components/dashboard/content-forms";
import { type ListKind, listKinds } from "../components/dashboard/content-kinds";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { useI18n } from "../lib/i18n";
import { contentContext } from "../lib/list-page.server";
import { textOf } from "../lib/meta";
import { requireAdminPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.edit-content";

function kindOf(value: string | undefined): ListKind {
  const kind = listKinds.find((known) => known === value?.toLowerCase());
  if (!kind) throw data(null, { status: 404 });
  return kind;
}

/** A record's values as the form shows them (prices in major units, empty for none). */
function valuesOf(form: ContentForm, record: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of form.fields) {
    const value = record[field.name];
    // A document is not a value to edit: the form shows its name, and a new file replaces it.
    if (field.widget === "file") values[field.name] = String(record.fileName ?? "");
    else if (field.name === "priceMinor" && typeof value === "number") {
      values[field.name] = toMajorUnits(value).toFixed(2);
    } else if (value instanceof Date) {
      values[field.name] = dhakaDateTime(value);
    } else if (typeof value === "boolean") {
      values[field.name] = value ? "on" : "";
    } else values[field.name] = value === null || value === undefined ? "" : String(value);
  }
  return values;
}

/** The record, or 404 for an unknown or malformed id. */
async function recordOf(
  context: Readonly<RouterContextProvider>,
  request: Request,
  kind: ListKind,
  id: string,
) {
  const actor = requireAdminPage(context, request);
  const collection = collectionsByKind[kind];
  if (!collection) throw data(null, { status: 404 });
  try {
    const record = (await collection.get(contentContext(context), actor, id)) as Record<string, unknown>;
    return { actor, collection, record };
  } catch (error) {
    const { status } = failureOf(error);
    throw data(null, { status });
  }
}

async function save(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { kind?: string; id?: string },
): Promise<{ body: FormAnswer; status: number }> {
  requireAdminPage(context, request);
  const kind = kindOf(params.kind);
  const id = params.id ?? "";
  const form = contentForms[kind];
  const { actor, collection, record } = await recordOf(context, request, kind, id);
  const read = await readContentForm(request, context, form);
  if (read.failure) return read.failure;
  const before = valuesOf(form, record);
  const changed = Object.fromEntries(
    Object.entries(read.input).filter(([name, value]) => value.trim() !== (before[name] ?? "").trim()),
  );
  try {
    await collection.update(contentContext(context), actor, id, changed, read.image, read.document);
    return { body: { ok: true }, status: 200 };
  } catch (error) {
    return failureOf(error);
  }
}

// The script's post asks for JSON: answered here, before the page would render.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, params }, next) => {
    if (request.method !== "POST" || request.headers.get("x-requested-with") !== "XMLHttpRequest")
      return next();
    const { body, status } = await save(request, context, params);
    return Response.json(body, { status });
  },
];

/** "Edit notice: Admission test on Saturday": what is edited, in the reader's language. */
function editHeading(template: string, kind: ListKind, locale: Locale, title: string): string {
  return filledIn(template, { kind: kinds[kind].texts.deleteOne[locale], title });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const template = textOf(matches, "contentLists.edit.headingOf");
  const root = matches.find((match) => match?.id === "root")?.loaderData as { locale?: Locale } | undefined;
  return loaderData && template
    ? dashboardTitle(matches, {
        text: editHeading(template, loaderData.kind, root?.locale ?? "en", loaderData.title),
      })
    : dashboardTitle(matches, "contentLists.edit.heading");
};

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = personalPage;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const kind = kindOf(params.kind);
  const form = contentForms[kind];
  const { actor, record } = await recordOf(context, request, kind, params.id);
  const image = record.image as { url: string } | null;
  const values = valuesOf(form, record);
  const choices = await referenceChoices(context, actor, form, values);
  const title = String(record[kinds[kind].titleField] ?? "");
  return { kind, id: params.id, values, image: image?.url ?? null, choices, title };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { body, status } = await save(request, context, params);
  return data(body, { status });
}

export default function EditContent({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const revalidator = useRevalidator();
  const { kind, id, values, image, choices, title } = loaderData;
  return (
    <ContentFormView
      key={id}
      form={contentForms[kind]}
      choices={choices}
      actionData={actionData}
      defaults={values}
      currentImage={image}
      heading={editHeading(t("contentLists.edit.headingOf"), kind, locale, title)}
      submitLabel={t("contentLists.edit.save")}
      successText={t("contentLists.edit.saved")}
      resetOnSuccess={false}
      onSaved={() => void revalidator.revalidate()}
    >
      <Anchor
        component={Link}
        to={href("/DeashBoard/list/:kind", { kind })}
        size="sm"
        mb="sm"
        display="block"
      >
        {t("contentLists.edit.back")}
      </Anchor>
      {kind === "albums" ? (
        <Anchor component={Link} to={href("/DeashBoard/albums/:id/photos", { id })} mb="sm" display="block">
          {t("gallery.manage.open")}
        </Anchor>
      ) : null}
    </ContentFormView>
  );
}
