// /DeashBoard/albums/{id}/photos: an album's photos. Many photos are chosen at once and each is
// sent on its own request (so one bad file does not sink the rest) with its own progress bar;
// captions are saved, photos moved earlier or later, removed and the cover chosen with plain forms.
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { data, Form, href, Link, useActionData, useRevalidator } from "react-router";
import { type Problem, problem } from "../../common/errors/problem";
import { movePhoto, photosOf, removePhoto, updatePhoto } from "../../server/domain/album-photos";
import { albumCollection } from "../../server/domain/albums";
import { DomainError } from "../../server/domain/errors";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { formatNumber } from "../lib/format";
import { useI18n } from "../lib/i18n";
import { contentContext } from "../lib/list-page.server";
import { requireAdminPage } from "../lib/page.server";
import { acceptedImageTypes, uploadWithProgress } from "../lib/upload";
import { Picture } from "../ui/picture";
import type { Route } from "./+types/dashboard.album-photos";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "gallery.manage.open");

const notFoundIs404 = (error: unknown) => {
  if (error instanceof DomainError && error.code === "not_found") throw data(null, { status: 404 });
  throw error;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const ctx = contentContext(context);
  const album = await albumCollection.get(ctx, actor, params.id).catch(notFoundIs404);
  const photos = await photosOf(ctx, album.id, actor);
  return {
    album: { id: album.id, title: album.title, coverPhotoId: album.coverPhotoId ?? photos[0]?.id ?? null },
    photos: photos.map((photo) => ({ id: photo.id, caption: photo.caption, image: photo.image })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = requireAdminPage(context, request);
  const ctx = contentContext(context);
  const form = await request.formData();
  const photo = String(form.get("photo") ?? "");
  try {
    const intent = form.get("intent");
    if (intent === "caption")
      await updatePhoto(ctx, actor, photo, { caption: String(form.get("caption") ?? "") });
    else if (intent === "remove") await removePhoto(ctx, actor, photo);
    else if (intent === "earlier" || intent === "later") await movePhoto(ctx, actor, photo, intent);
    else if (intent === "cover") await albumCollection.update(ctx, actor, params.id, { coverPhotoId: photo });
    else return data({ ok: false, photo, error: problem("request.invalid") }, { status: 400 });
    return { ok: true, photo, error: null };
  } catch (error) {
    if (error instanceof DomainError && error.code !== "forbidden" && error.code !== "unauthorized") {
      const message = Object.values(error.fieldProblems ?? {})[0] ?? error.problem;
      return data({ ok: false, photo, error: message }, { status: error.code === "not_found" ? 404 : 400 });
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
  const { t, te, intl } = useI18n();
  const answer = useActionData<typeof action>();
  const revalidator = useRevalidator();
  const { album, photos } = loaderData;
  const [uploads, setUploads] = useState<Upload[]>([]);

  const change = (key: string, update: Partial<Upload>) =>
    setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...update } : item)));

  // Each file on its own request, all at once: a refused one fails alone.
  const send = async (files: File[]) => {
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
      <Paper withBorder p="md">
        <label htmlFor="album-photo-files">
          <Text fw={600}>{t("gallery.manage.add")}</Text>
        </label>
        <Text size="sm" c="dimmed" id="album-photo-files-hint">
          {t("gallery.manage.addHint")}
        </Text>
        <input
          id="album-photo-files"
          type="file"
          multiple
          accept={acceptedImageTypes}
          aria-describedby="album-photo-files-hint"
          data-testid="album-photo-files"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = "";
            if (files.length > 0) void send(files);
          }}
        />
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
            <Paper withBorder p="sm">
              <Picture
                image={photo.image}
                alt={photo.caption}
                sizes="200px"
                className="album-photos__image"
              />
              <Form method="post">
                <input type="hidden" name="photo" value={photo.id} />
                <TextInput
                  name="caption"
                  label={t("gallery.manage.caption")}
                  defaultValue={photo.caption}
                  error={
                    answer && !answer.ok && answer.photo === photo.id && answer.error
                      ? te(answer.error)
                      : undefined
                  }
                  data-testid={`caption-${index}`}
                />
                <Group mt="xs" gap="xs">
                  <Button type="submit" name="intent" value="caption" size="xs">
                    {t("gallery.manage.save")}
                  </Button>
                  {album.coverPhotoId === photo.id ? (
                    <Text size="sm">{t("gallery.manage.isCover")}</Text>
                  ) : (
                    <Button type="submit" name="intent" value="cover" size="xs" variant="light">
                      {t("gallery.manage.cover")}
                    </Button>
                  )}
                  {(["earlier", "later"] as const)
                    .filter((direction) => (direction === "earlier" ? index > 0 : index < photos.length - 1))
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
              </Form>
            </Paper>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
