// The update-photo dialog: the browser's own modal <dialog> (focus moves in and stays there,
// Escape closes it, the heading names it). A chosen image goes to POST /api/User/photo with
// XMLHttpRequest so that a progress bar shows the upload; a link goes the same way. The
// server's refusals (too large 413, not an image 415, a bad link) are shown on their field.

import { type FormEvent, useId, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import type { Problem } from "../../../common/errors/problem";
import { useI18n } from "../../lib/i18n";
import { acceptedImageTypes, uploadWithProgress, useFilePreview } from "../../lib/upload";
import { Button, FileField, TextField } from "../../ui";

type PhotoAnswer = { acknowledged: true; photoURl: string | null } | { error: ApiError };
/** The API's error (server/api/errors.ts): worded here by its codes. */
type ApiError = Problem & { fieldKeys?: Record<string, Problem> };

const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

export function PhotoDialog({ hasPhoto, maxBytes }: { hasPhoto: boolean; maxBytes: number }) {
  const { t, te } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const refresh = useFetcher();
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const preview = useFilePreview(file);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ file?: string; link?: string }>({});
  const [saved, setSaved] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const open = () => {
    opener.current = document.activeElement as HTMLElement | null;
    setSaved(false);
    setErrors({});
    dialog.current?.showModal();
  };
  const close = () => {
    dialog.current?.close();
    setFile(null);
    setFormKey((key) => key + 1);
    opener.current?.focus();
  };

  const send = async (body: FormData) => {
    setErrors({});
    setProgress(0);
    try {
      const answer = await uploadWithProgress<PhotoAnswer>("/api/User/photo", body, setProgress);
      if ("error" in answer.body) {
        const { key, params, fieldKeys } = answer.body.error;
        setErrors(fieldKeys?.photoURl ? { link: te(fieldKeys.photoURl) } : { file: te({ key, params }) });
        return;
      }
      close();
      setSaved(true);
      // A post makes every loader, the header's included, read the new photo.
      void refresh.submit(null, { method: "post", action: href("/profile-route") });
    } catch {
      setErrors({ file: t("profile.failed") });
    } finally {
      setProgress(null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const link = String(new FormData(event.currentTarget).get("photoURl") ?? "").trim();
    const body = new FormData();
    if (file) {
      // Refused here at once rather than after a long upload; the server checks again.
      if (file.size > maxBytes) {
        setErrors({ file: t("profile.photo.tooLarge", { size: megabytes(maxBytes) }) });
        return;
      }
      body.set("image", file);
    } else if (link) {
      body.set("photoURl", link);
    } else {
      setErrors({ file: t("profile.photo.choose") });
      return;
    }
    void send(body);
  };

  const remove = () => {
    const body = new FormData();
    body.set("photoURl", "");
    void send(body);
  };

  const fileError = errors.file;
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
        <form key={formKey} className="stack" noValidate onSubmit={onSubmit}>
          <h2 id={headingId} style={{ margin: 0 }}>
            {t("profile.photo.update")}
          </h2>
          <FileField
            name="image"
            label={t("profile.photo.file")}
            hint={t("profile.photo.hint", { size: megabytes(maxBytes) })}
            accept={acceptedImageTypes}
            error={fileError}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setErrors({});
            }}
            data-testid="photo-file"
          />
          {preview ? <img src={preview} alt={t("profile.photo.preview")} className="image-preview" /> : null}
          <TextField
            name="photoURl"
            type="url"
            label={t("profile.photo.link")}
            inputMode="url"
            error={errors.link}
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
