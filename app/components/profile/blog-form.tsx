// A signed-in user's blog form (postBlog, and MyBlogs' edit): title, body, category and an image
// (a file, uploaded with a progress bar, or a link). On the one form pattern
// (app/lib/use-schema-form.ts): checked in the browser with the server's schema, then posted as
// multipart with `useUpload` (app/lib/upload.ts) to the page's own address, whose middleware answers JSON.
// Without script the form posts normally and the action answers.

import { useEffect, useState } from "react";
import { href, Link } from "react-router";
import { type Problem, problem } from "../../../common/errors/problem";
import { lettersAsCodeUnits } from "../../../common/text-rules";
import { useI18n } from "../../lib/i18n";
import { acceptedImageTypes, useFilePreview, useUpload } from "../../lib/upload";
import { type FieldErrors, useSchemaForm } from "../../lib/use-schema-form";
import { Alert, Button, FileField, TextArea, TextField } from "../../ui";
import { FormError } from "../form-error";

export type BlogFormAnswer =
  | { ok: true; status: "pending" | "approved" | "rejected" }
  | { ok: false; error: Problem | null; fields: FieldErrors };

export type BlogFormValues = {
  title: string;
  body: string;
  category: string;
  imageUrl: string | null;
};

export function BlogForm({
  action,
  values,
  actionData,
}: {
  /** Where the form posts: the page's own address. */
  action: string;
  /** An edit's current values. */
  values?: BlogFormValues;
  actionData?: BlogFormAnswer;
}) {
  const { t, te } = useI18n();
  const [formKey, setFormKey] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const preview = useFilePreview(file);
  const [answer, setAnswer] = useState<BlogFormAnswer | undefined>(actionData);

  useEffect(() => setAnswer(actionData), [actionData]);

  /** The form's fields with the chosen file (the file input itself may be empty after a reset). */
  const bodyOf = (form: HTMLFormElement) => {
    const body = new FormData(form);
    body.delete("image");
    if (file) body.set("image", file);
    return body;
  };

  const { upload, progress } = useUpload();
  const send = async (form: HTMLFormElement) => {
    setAnswer(undefined);
    try {
      const { body: result } = await upload<BlogFormAnswer>(action, bodyOf(form));
      setAnswer(result);
      if (result.ok) {
        setFile(null);
        if (!values) setFormKey((key) => key + 1);
      }
    } catch {
      setAnswer({ ok: false, error: problem("request.failed"), fields: {} });
    }
  };

  const { onSubmit, onFocus, fieldError } = useSchemaForm(
    () => import("../../../common/kinds/inputs").then((m) => m.userBlogInput),
    answer && !answer.ok ? answer.fields : undefined,
    { values: (form) => Object.fromEntries(bodyOf(form)), submit: (form) => void send(form) },
  );

  const saved = answer?.ok ? answer : null;
  return (
    <form
      key={formKey}
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      onFocus={onFocus}
      data-testid="blog-form"
    >
      <div className="stack">
        {saved ? (
          <Alert tone="success" testId="blog-saved">
            {saved.status === "approved"
              ? t("profile.post.published")
              : values
                ? t("profile.post.resent")
                : t("profile.post.sent")}{" "}
            <Link to={href("/profile-route/MyBlogs")}>{t("profile.post.toMyBlogs")}</Link>
          </Alert>
        ) : null}
        <FormError message={answer && !answer.ok && answer.error ? te(answer.error) : null} />
        <TextField
          name="title"
          label={t("profile.post.title")}
          required
          maxLength={lettersAsCodeUnits(200)}
          defaultValue={values?.title}
          error={fieldError("title")}
        />
        <TextField
          name="category"
          label={t("profile.post.category")}
          maxLength={lettersAsCodeUnits(50)}
          defaultValue={values?.category}
          error={fieldError("category")}
        />
        <TextArea
          name="body"
          label={t("profile.post.body")}
          rows={10}
          maxLength={lettersAsCodeUnits(50000)}
          defaultValue={values?.body}
          error={fieldError("body")}
        />
        {values?.imageUrl ? (
          <img src={values.imageUrl} alt={t("profile.post.currentImage")} className="image-preview" />
        ) : null}
        <FileField
          name="image"
          label={t("profile.post.image")}
          accept={acceptedImageTypes}
          error={fieldError("image")}
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          data-testid="blog-image"
        />
        {preview ? <img src={preview} alt={t("profile.photo.preview")} className="image-preview" /> : null}
        <TextField name="imageLink" type="url" inputMode="url" label={t("profile.post.imageLink")} />
        {progress !== null ? (
          <progress
            className="upload-progress"
            max={100}
            value={progress}
            aria-label={t("profile.uploading")}
            data-testid="blog-progress"
          />
        ) : null}
        <div>
          <Button type="submit" busy={progress !== null} data-testid="blog-submit">
            {values ? t("profile.post.save") : t("profile.post.submit")}
          </Button>
        </div>
      </div>
    </form>
  );
}
