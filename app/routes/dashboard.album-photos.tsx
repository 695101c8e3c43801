// /DeashBoard/albums/{id}/photos: an album's photos. Many photos are chosen at once and each is
// sent on its own request (so one bad file does not sink the rest) with its own progress bar;
// without script they go in one plain post. Captions are saved, photos moved earlier or later or
// straight to a chosen place, removed and the cover chosen with plain forms. The files and the captions are on the one form
// pattern (docs/forms.md): checked in the browser first, a refusal shown beside its field.
import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { data, Form, href, Link, useActionData, useRevalidator } from "react-router";
import { type Problem, problem } from "../../common/errors/problem";
import { albumCaptionInput, albumPhotoFilesInput } from "../../common/schemas/content";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { formatNumber } from "../../i18n/format";
import { addPhoto, movePhoto, photosOf, removePhoto, updatePhoto } from "../../server/domain/album-photos";
import { albumCollection } from "../../server/domain/albums";
import { DomainError } from "../../server/domain/errors";
import { ImageError } from "../../server/files/images";
import { StorageFullError } from "../../server/storage-full";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { FormError } from "../components/form-error";
import { useI18n } from "../lib/i18n";
import { contentContext } from "../lib/list-page.server";
import { pageOf, requireAdminPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import { acceptedImageTypes, uploadWithProgress } from "../lib/upload";
import { type FieldErrors, useSchemaForm } from "../lib/use-schema-form";
import { Picture } from "../ui/picture";
import type { Route } from "./+types/dashboard.album-photos";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "gallery.manage.open");

const notFoundIs404 = (error: unknown) => {
  if (error instanceof DomainError && error.code === "not_found") throw data(null, { status: 404 });
  throw error;
};

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = personalPage;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const ctx = contentContext(context);
  const album = await albumCollection.get(ctx, actor, params.id).catch(notFoundIs404);
  const photos = await photosOf(ctx, album.id, actor);
  return {
    maxBytes: pageOf(context).services.config.uploadMaxBytes,
    album: { id: album.id, title: album.title, coverPhotoId: album.coverPhotoId ?? photos[0]?.id ?? null },
    photos: photos.map((photo) => ({
      id: photo.id,
      caption: photo.caption,
      position: photo.position,
      image: photo.image,
    })),
  };
}

/** The largest photo, as the too-large message words it. */
const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

type Answer = { ok: boolean; photo: string; error: Problem | null; fields?: FieldErrors };

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = requireAdminPage(context, request);
  const ctx = contentContext(context);
  const form = await request.formData();
  const photo = String(form.get("photo") ?? "");
  const refused = (fields: FieldErrors) =>
    data({ ok: false, photo, error: null, fields } satisfies Answer, { status: 400 });
  try {
    const intent = form.get("intent");
    if (intent === "add") {
      // Without script: the chosen photos in one post, added in order until one is refused.
      const maxBytes = pageOf(context).services.config.uploadMaxBytes;
      const image = form.getAll("image").filter((file) => file instanceof File && file.size > 0);
      const parsed = albumPhotoFilesInput(maxBytes, megabytes(maxBytes)).safeParse({ image });
      if (!parsed.success) return refused(fieldProblemsOf(parsed.error));
      for (const file of parsed.data.image as File[]) {
        const bytes = new Uint8Array(await file.arrayBuffer());
        await addPhoto(ctx, actor, params.id, { caption: "" }, { bytes, name: file.name });
      }
    } else if (intent === "caption") {
      const parsed = albumCaptionInput.safeParse({ caption: String(form.get("caption") ?? "") });
      if (!parsed.success) return refused(fieldProblemsOf(parsed.error));
      await updatePhoto(ctx, actor, photo, parsed.data);
    } else if (intent === "remove") await removePhoto(ctx, actor, photo);
    else if (intent === "earlier" || intent === "later") await movePhoto(ctx, actor, photo, intent);
    else if (intent === "place") {
      // The place chosen, counted from 1 as the page shows it.
      const place = Number(form.get("place"));
      if (!Number.isInteger(place) || place < 1)
        return refused({ place: problem("content.photoPosition.whole") });
      await movePhoto(ctx, actor, photo, place - 1);
    } else if (intent === "cover")
      await albumCollection.update(ctx, actor, params.id, { coverPhotoId: photo });
    else
      return data({ ok: false, photo, error: problem("request.invalid") } satisfies Answer, { status: 400 });
    return { ok: true, photo, error: null } satisfies Answer;
  } catch (error) {
    if (error instanceof ImageError) return refused({ image: error.problem });
    if (error instanceof StorageFullError)
      return data({ ok: false, photo, error: error.problem } satisfies Answer, { status: error.status });
    if (error instanceof DomainError && error.code !== "forbidden" && error.code !== "unauthorized") {
      const status = error.code === "not_found" ? 404 : 400;
      return data({ ok: false, photo, error: error.problem, fields: error.fieldProblems } satisfies Answer, {
        status,
      });
    }
    throw error;
  }
}

type Upload = {
  key: string;
  name: string;
  progress: number;
  state: "sending" | "done" | "failed";
  error?: string;
};
/** The API's answer (server/api/errors.ts): its error worded here by its codes. */
type UploadAnswer = { insertedId: string } | { error: Problem & { fieldKeys?: Record<string, Problem> } };

export default function AlbumPhotos({ loaderData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const revalidator = useRevalidator();
  const { album, photos, maxBytes } = loaderData;
  const [uploads, setUploads] = useState<Upload[]>([]);

  const change = (key: string, update: Partial<Upload>) =>
    setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...update } : item)));

  // Each file on its own request, all at once: a refused one fails alone. Each names its place
  // after the album's last photo, so they keep the order they were chosen in.
  const send = async (files: File[]) => {
    const next = Math.max(-1, ...photos.map((photo) => photo.position)) + 1;
    const added = files.map((file, index) => ({
      key: `${Date.now()}-${index}-${file.name}`,
      name: file.name,
      progress: 0,
      state: "sending" as const,
    }));
    setUploads((list) => [...list, ...added]);
    await Promise.all(
      files.map(async (file, index) => {
        const key = added[index]?.key ?? "";
        const body = new FormData();
        body.set("image", file);
        body.set("caption", "");
        body.set("position", String(next + index));
        try {
          const sent = await uploadWithProgress<UploadAnswer>(
            `/api/gallery/${album.id}/photos`,
            body,
            (progress) => change(key, { progress }),
          );
          if ("error" in sent.body) {
            const { key: code, params, fieldKeys } = sent.body.error;
            change(key, { state: "failed", error: te(fieldKeys?.image ?? { key: code, params }) });
          } else change(key, { state: "done", progress: 100 });
        } catch {
          change(key, { state: "failed", error: t("error.network") });
        }
      }),
    );
    void revalidator.revalidate();
  };

  const chosenFiles = (form: HTMLFormElement) => [
    ...(form.querySelector<HTMLInputElement>('input[name="image"]')?.files ?? []),
  ];
  const files = useSchemaForm(
    () =>
      import("../../common/schemas/content").then((m) =>
        m.albumPhotoFilesInput(maxBytes, megabytes(maxBytes)),
      ),
    answer && !answer.ok && !answer.photo ? answer.fields : undefined,
    {
      values: (form) => ({ image: chosenFiles(form) }),
      submit: (form) => {
        const chosen = chosenFiles(form);
        form.reset();
        void send(chosen);
      },
    },
  );
  const fileError = files.fieldError("image");
  // An answer about no field (a photo gone meanwhile) is one message for the page.
  const pageError =
    answer && !answer.ok && answer.error && !Object.keys(answer.fields ?? {}).length
      ? te(answer.error)
      : null;

  return (
    <Stack>
      <Anchor
        component={Link}
        to={href("/DeashBoard/edit/:kind/:id", { kind: "albums", id: album.id })}
        size="sm"
      >
        {album.title}
      </Anchor>
      <Title order={1}>{t("gallery.manage.heading", { album: album.title })}</Title>
      <Anchor href={href("/gallery/:album", { album: album.id })} size="sm">
        {t("gallery.manage.view")}
      </Anchor>
      <FormError message={pageError} />
      <Paper withBorder p="md">
        <Form
          method="post"
          encType="multipart/form-data"
          noValidate
          onSubmit={files.onSubmit}
          onFocus={files.onFocus}
          data-testid="album-photo-form"
        >
          <label htmlFor="album-photo-files">
            <Text fw={600}>{t("gallery.manage.add")}</Text>
          </label>
          <Text size="sm" c="dimmed" id="album-photo-files-hint">
            {t("gallery.manage.addHint")}
          </Text>
          <input
            id="album-photo-files"
            type="file"
            name="image"
            multiple
            accept={acceptedImageTypes}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`album-photo-files-hint${fileError ? " album-photo-files-error" : ""}`}
            data-testid="album-photo-files"
            // With script, choosing the files sends them (once checked).
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
          />
          {fileError ? (
            <Text id="album-photo-files-error" c="red" size="sm" mt={4} data-testid="album-photo-files-error">
              {fileError}
            </Text>
          ) : null}
          <Button type="submit" name="intent" value="add" size="xs" mt="xs" variant="default">
            {t("gallery.manage.send")}
          </Button>
        </Form>
        {uploads.length > 0 ? (
          <ul className="upload-list" aria-live="polite" data-testid="uploads">
            {uploads.map((upload) => (
              <li key={upload.key} data-state={upload.state}>
                {upload.state === "sending" ? (
                  <>
                    <span>{t("gallery.manage.uploading", { name: upload.name })}</span>{" "}
                    <progress
                      className="upload-progress"
                      max={100}
                      value={upload.progress}
                      aria-label={t("gallery.manage.uploading", { name: upload.name })}
                    />
                  </>
                ) : upload.state === "done" ? (
                  <span>{t("gallery.manage.uploaded", { name: upload.name })}</span>
                ) : (
                  <span role="alert">
                    {t("gallery.manage.failed", { name: upload.name, message: upload.error ?? "" })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </Paper>
      {photos.length === 0 ? <Text>{t("gallery.noPhotos")}</Text> : null}
      <ul className="album-photos" data-testid="album-photos">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <PhotoForm
              photo={photo}
              index={index}
              count={photos.length}
              isCover={album.coverPhotoId === photo.id}
              fields={answer && !answer.ok && answer.photo === photo.id ? answer.fields : undefined}
            />
          </li>
        ))}
      </ul>
    </Stack>
  );
}

/** One photo: its caption (checked in the browser first), the cover, its place, its removal. */
function PhotoForm({
  photo,
  index,
  count,
  isCover,
  fields,
}: {
  photo: {
    id: string;
    caption: string;
    image: Route.ComponentProps["loaderData"]["photos"][number]["image"];
  };
  index: number;
  count: number;
  isCover: boolean;
  /** The server's refusal of this photo's form, by field. */
  fields?: FieldErrors;
}) {
  const { t, intl } = useI18n();
  // Only the caption has rules; the other buttons send the photo's id unchecked.
  const { onSubmit, onFocus, fieldError } = useSchemaForm(
    (intent) =>
      intent === undefined || intent === "caption"
        ? import("../../common/schemas/content").then((m) => m.albumCaptionInput)
        : Promise.resolve(null),
    fields,
    { values: (form) => ({ caption: new FormData(form).get("caption") ?? "" }) },
  );
  return (
    <Paper withBorder p="sm">
      <Picture image={photo.image} alt={photo.caption} sizes="200px" className="album-photos__image" />
      <Form method="post" noValidate onSubmit={onSubmit} onFocus={onFocus}>
        <input type="hidden" name="photo" value={photo.id} />
        <TextInput
          name="caption"
          label={t("gallery.manage.caption")}
          defaultValue={photo.caption}
          error={fieldError("caption")}
          data-testid={`caption-${index}`}
        />
        <Group mt="xs" gap="xs">
          <Button type="submit" name="intent" value="caption" size="xs">
            {t("gallery.manage.save")}
          </Button>
          {isCover ? (
            <Text size="sm">{t("gallery.manage.isCover")}</Text>
          ) : (
            <Button type="submit" name="intent" value="cover" size="xs" variant="light">
              {t("gallery.manage.cover")}
            </Button>
          )}
          {(["earlier", "later"] as const)
            .filter((direction) => (direction === "earlier" ? index > 0 : index < count - 1))
            .map((direction) => (
              <Button
                key={direction}
                type="submit"
                name="intent"
                value={direction}
                size="xs"
                variant="default"
                aria-label={t(`gallery.manage.${direction}Photo`, {
                  n: formatNumber(index + 1, intl),
                })}
              >
                {t(`gallery.manage.${direction}`)}
              </Button>
            ))}
          <Button type="submit" name="intent" value="remove" size="xs" variant="subtle" color="red">
            {t("gallery.manage.remove")}
          </Button>
        </Group>
        {count > 1 ? (
          // Straight to any place (the first, the last...), not one place a click.
          <Group mt="xs" gap="xs" align="flex-end">
            <NativeSelect
              name="place"
              size="xs"
              label={t("gallery.manage.placeOf", { n: formatNumber(index + 1, intl) })}
              defaultValue={String(index + 1)}
              error={fieldError("place")}
              data={Array.from({ length: count }, (_, place) => ({
                value: String(place + 1),
                label: formatNumber(place + 1, intl),
              }))}
            />
            <Button
              type="submit"
              name="intent"
              value="place"
              size="xs"
              variant="default"
              aria-label={t("gallery.manage.movePhoto", { n: formatNumber(index + 1, intl) })}
            >
              {t("gallery.manage.move")}
            </Button>
          </Group>
        ) : null}
      </Form>
    </Paper>
  );
}
