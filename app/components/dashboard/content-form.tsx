// The dashboard's content form, shared by the add pages and the edit page: the kind's fields
// (app/components/dashboard/content-forms.ts). On the one form pattern (docs/forms.md): checked
// in the browser with the server's zod schema, then posted as multipart with `useUpload` (for the
// upload's progress bar) to the page's own address, whose middleware answers JSON. Without
// script the form posts normally.

import {
  Alert,
  Button,
  Checkbox,
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
import { type DragEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { type Problem, problem } from "../../../common/errors/problem";
import { useI18n } from "../../lib/i18n";
import { acceptedImageTypes, useFilePreview, useUpload } from "../../lib/upload";
import { type FieldErrors, useSchemaForm } from "../../lib/use-schema-form";
import { FormError } from "../form-error";
import type { ContentForm } from "./content-forms";

export type FormAnswer = { ok: true } | { ok: false; error: Problem | null; fields: FieldErrors };

export type ContentFormProps = {
  form: ContentForm;
  /** What each reference field offers (content-form.server.ts, referenceChoices). */
  choices?: Record<string, { value: string; label: string }[]>;
  /** The answer of a post without script. */
  actionData?: FormAnswer;
  /** An edit's current values, by field name. */
  defaults?: Record<string, string>;
  /** An edit's current image, shown above the image fields. */
  currentImage?: string | null;
  heading?: string;
  submitLabel?: string;
  /** The notice after a successful post ('added successfully' unless told). */
  successText?: string;
  /** An add empties the form after success; an edit keeps it. */
  resetOnSuccess?: boolean;
  onSaved?: () => void;
  children?: ReactNode;
};

export function ContentFormView({
  form,
  choices,
  actionData,
  defaults,
  currentImage,
  heading,
  submitLabel,
  successText,
  resetOnSuccess = true,
  onSaved,
  children,
}: ContentFormProps) {
  const { t, te } = useI18n();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [formKey, setFormKey] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const preview = useFilePreview(file);
  const [answer, setAnswer] = useState<FormAnswer | undefined>(actionData);
  useEffect(() => setAnswer(actionData), [actionData]);
  const [dragging, setDragging] = useState(false);
  // Set once the script runs, so tests (and styles) can tell the checked form from the plain one.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  /** The form's fields with the chosen file (the file input itself may be empty after a reset). */
  const bodyOf = (element: HTMLFormElement) => {
    const body = new FormData(element);
    body.delete("image");
    if (file) body.set("image", file);
    return body;
  };

  // What the schema cannot know: an add's photo, and the documents a kind requires (an edit keeps
  // the current ones unless another is chosen).
  const missingFiles = (values: Record<string, unknown>) => {
    const found: FieldErrors = {};
    const link = String(values.imageLink ?? "").trim();
    if (form.image === "required" && !currentImage && !values.image && !link)
      found.image = problem("upload.photoRequired");
    for (const field of form.fields) {
      const chosen = values[field.name];
      const sent = chosen instanceof File && chosen.size > 0;
      if (field.widget === "file" && field.required && !sent && !defaults?.[field.name])
        found[field.name] = problem("upload.chooseFile");
    }
    return found;
  };

  const { upload, progress } = useUpload();
  const send = async (element: HTMLFormElement) => {
    setAnswer(undefined);
    try {
      const { body: result } = await upload<FormAnswer>(location.pathname, bodyOf(element));
      setAnswer(result);
      if (result.ok) {
        setFile(null);
        if (resetOnSuccess) setFormKey((key) => key + 1);
        onSaved?.();
      }
    } catch {
      setAnswer({ ok: false, error: problem("request.failed"), fields: {} });
    }
  };

  const { onSubmit, onFocus, fieldError, errors, showErrors } = useSchemaForm(
    () =>
      Promise.all([form.schema(), import("../../../common/schemas/form-check")]).then(([schema, m]) =>
        m.formCheck(missingFiles, schema),
      ),
    answer && !answer.ok ? answer.fields : undefined,
    {
      values: (element) => Object.fromEntries(bodyOf(element)),
      submit: (element) => void send(element),
    },
  );

  const choose = (chosen: File | null | undefined) => {
    setFile(chosen ?? null);
    if (errors.image) {
      const { image: _, ...rest } = errors;
      showErrors(rest);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const succeeded = Boolean(answer?.ok);
  const error = answer && !answer.ok && answer.error ? te(answer.error) : null;

  return (
    <Paper withBorder p="lg" maw={640}>
      <Title order={2} mb="md">
        {heading ?? t(form.heading)}
      </Title>
      {children}
      <Stack gap="sm">
        {succeeded ? (
          <Alert color="teal" variant="light" role="status" data-testid="form-success">
            {successText ?? t("forms.success")}
          </Alert>
        ) : null}
        <FormError message={error} />
        <form
          key={formKey}
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          data-testid="content-form"
          data-hydrated={hydrated ? "" : undefined}
          noValidate
          onSubmit={onSubmit}
          onFocus={onFocus}
        >
          <Stack gap="sm">
            {form.fields.map((field) => {
              const common = {
                name: field.name,
                label: t(field.label),
                required: field.required,
                error: fieldError(field.name),
                defaultValue: defaults?.[field.name],
              };
              if (field.widget === "checkbox")
                return (
                  <Checkbox
                    key={field.name}
                    name={field.name}
                    value="on"
                    label={t(field.label)}
                    error={fieldError(field.name)}
                    defaultChecked={defaults?.[field.name] === "on"}
                  />
                );
              if (field.widget === "file")
                return (
                  <DocumentField
                    key={field.name}
                    name={field.name}
                    label={t(field.label)}
                    required={field.required}
                    current={defaults?.[field.name]}
                    error={fieldError(field.name)}
                  />
                );
              if (field.widget === "textarea")
                return <Textarea key={field.name} {...common} autosize minRows={3} />;
              if (field.widget === "select")
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
              if (field.widget === "reference")
                return (
                  <Select
                    key={field.name}
                    {...common}
                    placeholder={t("forms.noneChosen")}
                    clearable
                    searchable
                    data={choices?.[field.name] ?? []}
                  />
                );
              return <TextInput key={field.name} {...common} type={field.widget} />;
            })}
            {form.image !== "none" && currentImage ? (
              <Image
                src={currentImage}
                alt={t("contentLists.edit.currentImage")}
                h={96}
                w="auto"
                fit="contain"
                data-testid="current-image"
              />
            ) : null}
            {form.image === "none" ? null : (
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
                      accept={acceptedImageTypes}
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
            )}
            {form.image === "none" ? null : (
              <TextInput name="imageLink" type="url" label={t("forms.image.link")} />
            )}
            {currentImage && form.image === "optional" ? (
              <Checkbox name="removeImage" value="on" label={t("forms.image.clear")} />
            ) : null}
            {progress !== null ? (
              <Progress value={progress} aria-label={t("forms.uploading")} animated />
            ) : null}
            <Button type="submit" loading={progress !== null}>
              {submitLabel ?? t("forms.submit")}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

/** The types a download may be, for the file chooser (the server decides from the bytes). */
const acceptedDocumentTypes = [
  ".pdf",
  ".docx",
  ".xlsx",
  ".odt",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.oasis.opendocument.text",
].join(",");

/** A document's file chooser: a plain file input, so the form posts it without script too. */
function DocumentField({
  name,
  label,
  required,
  current,
  error,
}: {
  name: string;
  label: string;
  required?: boolean;
  /** An edit's current file name. */
  current?: string;
  error?: string;
}) {
  const { t } = useI18n();
  const id = `${name}-file`;
  const hint = `${id}-current`;
  const errorId = `${id}-error`;
  const describedBy = [current ? hint : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div>
      <Text component="label" htmlFor={id} size="sm" fw={500}>
        {label}
        {required ? " *" : ""}
      </Text>
      {current ? (
        <Text id={hint} size="sm" c="dimmed" data-testid="current-file">
          {t("forms.file.current", { name: current })}
        </Text>
      ) : null}
      <input
        id={id}
        type="file"
        name={name}
        accept={acceptedDocumentTypes}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        style={{ display: "block", marginTop: 4 }}
      />
      {error ? (
        <Text id={errorId} c="red" size="sm" mt={4} role="alert" data-testid={`${name}-error`}>
          {error}
        </Text>
      ) : null}
    </div>
  );
}
