// The update-photo dialog: the browser's own modal <dialog> (focus moves in and stays there,
// Escape closes it, the heading names it). A chosen image goes to POST /api/User/photo with
// `useUpload` (app/lib/upload.ts) from the one form pattern, so that a progress bar shows the
// upload; a link goes the same way. Checked first in the browser (photoChoiceInput: an image
// within the limit, or a link by the server's rule); the server's refusals (too large 413, not
// an image 415, a bad link) are shown on their field by code.

import { useId, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import { type Problem, problem } from "../../../common/errors/problem";
import { useI18n } from "../../lib/i18n";
import { acceptedImageTypes, useFilePreview, useUpload } from "../../lib/upload";
import { type FieldErrors, useSchemaForm } from "../../lib/use-schema-form";
import { Button, FileField, TextField } from "../../ui";

type PhotoAnswer = { acknowledged: true; photoURl: string | null } | { error: ApiError };
/** The API's error (server/api/errors.ts): worded here by its codes. */
type ApiError = Problem & { fieldKeys?: Record<string, Problem> };

const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

export function PhotoDialog({ hasPhoto, maxBytes }: { hasPhoto: boolean; maxBytes: number }) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const refresh = useFetcher();
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const preview = useFilePreview(file);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const open = () => {
    opener.current = document.activeElement as HTMLElement | null;
    setSaved(false);
    setServerErrors({});
    showErrors(null);
    dialog.current?.showModal();
  };
  const close = () => {
    dialog.current?.close();
    setFile(null);
    setFormKey((key) => key + 1);
    opener.current?.focus();
  };

  const { upload, progress } = useUpload();
  const send = async (body: FormData) => {
    setServerErrors({});
    try {
      const answer = await upload<PhotoAnswer>("/api/User/photo", body);
      if ("error" in answer.body) {
        const { key, params, fieldKeys } = answer.body.error;
        setServerErrors(fieldKeys?.photoURl ? { photoURl: fieldKeys.photoURl } : { image: { key, params } });
        return;
      }
      close();
      setSaved(true);
      // A post makes every loader, the header's included, read the new photo.
      void refresh.submit(null, { method: "post", action: href("/profile-route") });
    } catch {
      setServerErrors({ image: problem("request.failed") });
    }
  };

  /** What is sent: the chosen image, else the link. */
  const choiceOf = (form: HTMLFormElement) => {
    const link = String(new FormData(form).get("photoURl") ?? "").trim();
    return file ? { image: file } : { photoURl: link };
  };
  const { onSubmit, onFocus, fieldError, showErrors } = useSchemaForm(
    () =>
      import("../../../common/schemas/users").then((m) => m.photoChoiceInput(maxBytes, megabytes(maxBytes))),
    serverErrors,
    {
      values: choiceOf,
      submit: (form) => {
        const body = new FormData();
        for (const [name, value] of Object.entries(choiceOf(form))) body.set(name, value);
        void send(body);
      },
    },
  );

  const remove = () => {
    const body = new FormData();
    body.set("photoURl", "");
    void send(body);
  };

  return (
    <>
      <Button variant="outline" size="small" onClick={open} data-testid="update-photo">
        {t("profile.photo.update")}
      </Button>
      <span role="status" className="field__hint" data-testid="photo-saved">
        {saved ? t("profile.photo.saved") : ""}
      </span>
      <dialog
        ref={dialog}
        className="dialog"
        aria-labelledby={headingId}
        onCancel={(event) => {
          event.preventDefault();
          if (progress === null) close();
        }}
        data-testid="photo-dialog"
      >
        <form key={formKey} className="stack" noValidate onSubmit={onSubmit} onFocus={onFocus}>
          <h2 id={headingId} style={{ margin: 0 }}>
            {t("profile.photo.update")}
          </h2>
          <FileField
            name="image"
            label={t("profile.photo.file")}
            hint={t("profile.photo.hint", { size: megabytes(maxBytes) })}
            accept={acceptedImageTypes}
            error={fieldError("image")}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setServerErrors({});
              showErrors(null);
            }}
            data-testid="photo-file"
          />
          {preview ? <img src={preview} alt={t("profile.photo.preview")} className="image-preview" /> : null}
          <TextField
            name="photoURl"
            type="url"
            label={t("profile.photo.link")}
            inputMode="url"
            error={fieldError("photoURl")}
            disabled={file !== null}
          />
          {progress !== null ? (
            <progress
              className="upload-progress"
              max={100}
              value={progress}
              aria-label={t("profile.uploading")}
              data-testid="photo-progress"
            />
          ) : null}
          <div className="row row--between">
            {hasPhoto ? (
              <Button variant="subtle" onClick={remove} disabled={progress !== null}>
                {t("profile.photo.remove")}
              </Button>
            ) : (
              <span />
            )}
            <div className="row">
              <Button variant="outline" onClick={close} disabled={progress !== null}>
                {t("profile.cancel")}
              </Button>
              <Button type="submit" busy={progress !== null} data-testid="photo-save">
                {t("profile.photo.save")}
              </Button>
            </div>
          </div>
        </form>
      </dialog>
    </>
  );
}
