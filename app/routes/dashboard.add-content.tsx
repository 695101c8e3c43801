// One add form for every kind of content (/DeashBoard/AddAdmition, AddResult, blogAdd, noticeADD,
// servicesAdd, StudentAdd, teacherADD); the path names the kind, app/components/dashboard/
// content-forms.ts describes it. Admins only. The browser checks with the server's zod schema,
// then posts the form as multipart with XMLHttpRequest (for the upload's progress bar); the
// route's middleware answers that post with JSON. Without script the action answers the page.
import {
  Alert,
  Button,
  Group,
  Image,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { type DragEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { data, type RouterContextProvider, useLocation } from "react-router";
import { DomainError, statusOf } from "../../server/domain/errors";
import { ImageError } from "../../server/files/images";
import { type ContentForm, contentForms, kindOfPath } from "../components/dashboard/content-forms";
import { FormError } from "../components/form-error";
import { collectionsByKind } from "../lib/collections.server";
import { useI18n } from "../lib/i18n";
import { contentContext } from "../lib/list-page.server";
import { pageOf, requireAdminPage } from "../lib/page.server";
import { type FieldErrors, fieldErrorsOf } from "../lib/use-schema-form";
import type { Route } from "./+types/dashboard.add-content";

type Answer = { ok: true; insertedId: string } | { ok: false; error: string | null; fields: FieldErrors };

const formOverheadBytes = 256 * 1024;

/** A size as the image pipeline words it in its own too-large message. */
function sizeOf(bytes: number) {
  const trim = (value: number) => String(Number(value.toFixed(1)));
  if (bytes >= 1024 * 1024) return `${trim(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

function formOf(request: Request): ContentForm {
  const kind = kindOfPath(new URL(request.url).pathname);
  if (!kind) throw data(null, { status: 404 });
  return contentForms[kind];
}

/** Adds the record the posted form describes; the answer and its HTTP status. */
async function add(request: Request, context: Readonly<RouterContextProvider>) {
  const actor = requireAdminPage(context, request);
  const form = formOf(request);
  const { services } = pageOf(context);
  const limit = services.config.uploadMaxBytes + formOverheadBytes;
  const length = Number(request.headers.get("content-length") ?? "0");
  const answer = (body: Answer, status = 200) => ({ body, status });
  if (Number.isFinite(length) && length > limit) {
    const message = `The image is larger than ${sizeOf(services.config.uploadMaxBytes)}`;
    return answer({ ok: false, error: message, fields: { image: message } }, 413);
  }
  const posted = await request.formData();
  const input: Record<string, string> = {};
  for (const field of form.fields) {
    const value = posted.get(field.name);
    if (typeof value === "string") input[field.name] = value;
  }
  const file = posted.get("image");
  const link = posted.get("imageLink");
  const image =
    file instanceof File && file.size > 0
      ? { file: { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name } }
      : typeof link === "string" && link.trim()
        ? { link: link.trim() }
        : undefined;
  const collection = collectionsByKind[form.collection];
  if (!collection) throw data(null, { status: 404 });
  try {
    const created = await collection.create(contentContext(context), actor, input, image);
    return answer({ ok: true, insertedId: String(created.insertedId) });
  } catch (error) {
    if (error instanceof ImageError)
      return answer({ ok: false, error: error.message, fields: { image: error.message } }, error.status);
    if (error instanceof DomainError)
      return answer({ ok: false, error: error.message, fields: error.fields ?? {} }, statusOf[error.code]);
    throw error;
  }
}

// The script's upload asks for JSON: answered here, before the page would render.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (request.method !== "POST" || request.headers.get("x-requested-with") !== "XMLHttpRequest")
      return next();
    const { body, status } = await add(request, context);
    return Response.json(body, { status });
  },
];

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return { kind: formOf(request).kind };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { body, status } = await add(request, context);
  return data(body, { status });
}

/** Posts the form with XMLHttpRequest, reporting the upload's progress (0 to 100). */
function upload(url: string, body: FormData, onProgress: (percent: number) => void) {
  return new Promise<Answer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("X-Requested-With", "XMLHttpRequest");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as Answer);
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new Error("network"));
    xhr.send(body);
  });
}

const acceptedTypes = "image/jpeg,image/png,image/webp,image/avif";

export default function AddContent({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const location = useLocation();
  const form = contentForms[loaderData.kind];
  const formRef = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [formKey, setFormKey] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>(actionData && !actionData.ok ? actionData.fields : {});
  const [error, setError] = useState<string | null>(actionData && !actionData.ok ? actionData.error : null);
  const [succeeded, setSucceeded] = useState(Boolean(actionData?.ok));
  const [dragging, setDragging] = useState(false);
  // Set once the script runs, so tests (and styles) can tell the checked form from the plain one.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | null | undefined) => {
    setFile(chosen ?? null);
    setErrors(({ image: _, ...rest }) => rest);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const body = new FormData(element);
    body.delete("image");
    if (file) body.set("image", file);
    const schema = await form.schema().catch(() => null);
    const found: FieldErrors = {};
    const checked = schema?.safeParse(Object.fromEntries(body));
    if (checked && !checked.success) Object.assign(found, fieldErrorsOf(checked.error));
    const link = String(body.get("imageLink") ?? "").trim();
    if (form.image === "required" && !file && !link) found.image = "forms.image.required";
    setSucceeded(false);
    setError(null);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setProgress(0);
    try {
      const answer = await upload(location.pathname, body, setProgress);
      if (answer.ok) {
        setSucceeded(true);
        setFile(null);
        setFormKey((key) => key + 1);
      } else {
        setError(answer.error);
        setErrors(answer.fields ?? {});
      }
    } catch {
      setError(t("forms.failed"));
    } finally {
      setProgress(null);
    }
  };

  const fieldError = (name: string) => {
    const message = errors[name];
    if (!message) return undefined;
    return message === "forms.image.required" ? t("forms.image.required") : te(message);
  };

  return (
    <Paper withBorder p="lg" maw={640}>
      <Title order={2} mb="md">
        {t(form.heading)}
      </Title>
      <Stack gap="sm">
        {succeeded ? (
          <Alert color="teal" variant="light" role="status" data-testid="form-success">
            {t("forms.success")}
          </Alert>
        ) : null}
        <FormError message={error ? te(error) : null} />
        <form
          key={formKey}
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          data-testid="content-form"
          data-hydrated={hydrated ? "" : undefined}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
        >
          <Stack gap="sm">
            {form.fields.map((field) => {
              const common = {
                name: field.name,
                label: t(field.label),
                required: field.required,
                error: fieldError(field.name),
              };
              if (field.type === "textarea")
                return <Textarea key={field.name} {...common} autosize minRows={3} />;
              if (field.type === "select")
                return (
                  <Select
                    key={field.name}
                    {...common}
                    placeholder={t("forms.choose")}
                    clearable
                    data={(field.options ?? []).map((option) => ({
                      value: option.value,
                      label: t(option.label),
                    }))}
                  />
                );
              return <TextInput key={field.name} {...common} type={field.type} />;
            })}
            <div>
              <Text component="label" htmlFor="image-file" size="sm" fw={500}>
                {t("forms.image")}
                {form.image === "required" ? " *" : ""}
              </Text>
              {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone; the file button inside is the keyboard way */}
              <div
                data-testid="image-drop"
                onDragOver={(event) => {
                  event.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
                style={{
                  border: `2px dashed ${dragging ? "var(--mantine-color-blue-6)" : "var(--mantine-color-gray-4)"}`,
                  borderRadius: 8,
                  padding: 16,
                }}
              >
                <Group gap="sm">
                  <Text size="sm">{t("forms.image.drop")}</Text>
                  <Button variant="default" size="xs" onClick={() => fileInput.current?.click()}>
                    {t("forms.image.choose")}
                  </Button>
                  <input
                    id="image-file"
                    ref={fileInput}
                    type="file"
                    name="image"
                    accept={acceptedTypes}
                    hidden
                    onChange={(event) => choose(event.currentTarget.files?.[0])}
                  />
                  {file ? (
                    <Button variant="default" size="xs" onClick={() => choose(null)}>
                      {t("forms.image.remove")}
                    </Button>
                  ) : null}
                </Group>
                {preview ? (
                  <Image
                    src={preview}
                    alt={t("forms.image.preview")}
                    mt="sm"
                    h={160}
                    w="auto"
                    fit="contain"
                  />
                ) : null}
              </div>
              {fieldError("image") ? (
                <Text c="red" size="sm" mt={4} data-testid="image-error" role="alert">
                  {fieldError("image")}
                </Text>
              ) : null}
            </div>
            <TextInput name="imageLink" type="url" label={t("forms.image.link")} />
            {progress !== null ? (
              <Progress value={progress} aria-label={t("forms.uploading")} animated />
            ) : null}
            <Button type="submit" loading={progress !== null}>
              {t("forms.submit")}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
