// A blog's comments: how many, each with its writer, date and message, Delete for its author and
// admins (the server decides and checks again), and the form for signed-in readers. The form
// posts to the blog route's action without leaving the page; the list reloads with the new
// comment.

import { useEffect, useRef } from "react";
import { href, Link, useFetcher, useRouteLoaderData } from "react-router";
import type { Problem } from "../../../common/errors/problem";
import { lettersAsCodeUnits } from "../../../common/text-rules";
import { formatDate } from "../../../i18n/format";
import { useI18n } from "../../lib/i18n";
import { useSchemaForm } from "../../lib/use-schema-form";
import { Button, TextArea, TextField } from "../../ui";
import { DeleteButton } from "../delete-button";
import { FormError } from "../form-error";
import { announce } from "../notices";

export type CommentView = {
  id: string;
  name: string;
  message: string;
  createdAt: string;
  photoUrl: string | null;
  canDelete: boolean;
};

export type CommentAnswer = { ok: boolean; error: Problem | null; fields: Record<string, Problem> };

export function Comments({
  blogId,
  comments,
  total,
  actionData,
}: {
  blogId: string;
  comments: CommentView[];
  total: number;
  /** The answer to a form sent without script (a full page post). */
  actionData?: CommentAnswer;
}) {
  const { t, tn, intl } = useI18n();
  // A deleted account's comments keep their text without a name (server/domain/users.ts).
  const shown = comments.map((comment) => ({
    ...comment,
    name: comment.name || t("details.comments.formerUser"),
  }));
  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading" data-testid="comment-count">
        {tn("details.comments", total)}
      </h2>
      {comments.length === 0 ? (
        <p className="muted">{t("details.comments.none")}</p>
      ) : (
        <ul className="comments__list">
          {shown.map((comment) => (
            <li key={comment.id} className="comment" data-testid="comment">
              {comment.photoUrl ? (
                <img
                  className="comment__photo"
                  src={comment.photoUrl}
                  alt={t("details.comments.photo", { name: comment.name })}
                  width={48}
                  height={48}
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <span className="comment__photo comment__initial" aria-hidden="true">
                  {comment.name.trim().charAt(0).toUpperCase()}
                </span>
              )}
              <div className="comment__body">
                <div className="comment__head">
                  <h3 className="comment__name">{comment.name}</h3>
                  <time className="muted" dateTime={comment.createdAt}>
                    {formatDate(comment.createdAt, intl)}
                  </time>
                </div>
                <p className="comment__message">{comment.message}</p>
                {comment.canDelete ? (
                  <div>
                    <DeleteButton kind="comments" id={comment.id} />
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <CommentForm key={blogId} blogId={blogId} actionData={actionData} />
    </section>
  );
}

type RootUser = { user: { name: string; email: string } | null };

function CommentForm({ blogId, actionData }: { blogId: string; actionData?: CommentAnswer }) {
  const { t, te } = useI18n();
  const root = useRouteLoaderData("root") as RootUser | undefined;
  const user = root?.user ?? null;
  const fetcher = useFetcher<CommentAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.state === "idle" ? (fetcher.data ?? actionData) : undefined;
  const { onSubmit, onFocus, fieldError } = useSchemaForm(
    () => import("../../../common/kinds/inputs").then((m) => m.commentInput),
    answer?.ok === false ? answer.fields : undefined,
    { submit: (element) => fetcher.submit(element, { method: "post" }) },
  );

  // Each answer is handled once (the effect runs again on later renders).
  const handled = useRef<CommentAnswer | undefined>(undefined);
  useEffect(() => {
    if (!answer?.ok || handled.current === answer) return;
    handled.current = answer;
    form.current?.reset();
    announce(t("details.comments.added"));
  }, [answer, t]);

  if (!user) {
    const to = `${href("/login")}?${new URLSearchParams({ redirectTo: href("/blog/:id", { id: blogId }) })}`;
    return (
      <p className="comments__login">
        <Link to={to}>{t("details.comments.login")}</Link>
      </p>
    );
  }

  const fieldMessage = fieldError;

  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={onFocus}
      className="comment-form"
      aria-labelledby="comment-form-heading"
    >
      <h3 id="comment-form-heading">{t("details.comments.formHeading")}</h3>
      <div className="stack">
        <FormError message={answer && !answer.ok && answer.error ? te(answer.error) : null} />
        <input type="hidden" name="blogId" value={blogId} />
        <TextField
          name="name"
          label={t("details.comments.name")}
          defaultValue={user.name}
          autoComplete="name"
          maxLength={lettersAsCodeUnits(100)}
          required
          error={fieldMessage("name")}
        />
        <TextField
          name="email"
          type="email"
          label={t("details.comments.email")}
          value={user.email}
          readOnly
          required
          error={fieldMessage("email")}
        />
        <p className="muted comment-form__hint">{t("details.comments.emailHint")}</p>
        <TextArea
          name="message"
          label={t("details.comments.message")}
          rows={5}
          maxLength={lettersAsCodeUnits(5000)}
          required
          error={fieldMessage("message")}
        />
        <div>
          <Button type="submit" busy={fetcher.state !== "idle"}>
            {t("details.comments.submit")}
          </Button>
        </div>
      </div>
    </fetcher.Form>
  );
}
