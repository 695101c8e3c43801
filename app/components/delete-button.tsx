// Delete from a page: the specification's confirmation, then 'Deleted successfully', and the
// page's lists reload their data (no full page reload).

import { useEffect, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { useI18n } from "../lib/i18n";
import { Button, ConfirmDialog } from "../ui";
import type { DeleteKind } from "./delete-question";
import { announce } from "./notices";

type Answer = { ok: boolean; error: Problem | null };

export function DeleteButton({
  kind,
  id,
  label,
  message,
}: {
  kind: DeleteKind;
  id: string;
  label?: string;
  /** The question asked first (unless told: the specification's own for an admission, else the kind named). */
  message?: string;
}) {
  const { t, te } = useI18n();
  const fetcher = useFetcher<Answer>();
  // The question, while it is asked. Its words come with the kinds' definitions, loaded on the
  // first click: the button is on public pages (for admins), whose first load must stay light.
  const [question, setQuestion] = useState<string | null>(null);
  const told = useRef<Answer | undefined>(undefined);

  // Told as soon as the answer comes, while the page's data reloads: once it has, the deleted
  // record (and this button with it) may be gone. Each answer is told once.
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || told.current === answer) return;
    told.current = answer;
    if (answer.ok) announce(t("delete.done"));
    else announce(answer.error ? te(answer.error) : t("error.heading"), "error");
  });

  return (
    <>
      <Button
        variant="danger"
        size="small"
        onClick={() => {
          if (message) return setQuestion(message);
          import("./delete-question").then(
            ({ deleteQuestion }) => setQuestion(deleteQuestion(t, kind, 1)),
            () => announce(t("error.heading"), "error"),
          );
        }}
        busy={fetcher.state !== "idle"}
      >
        {label ?? t("delete.button")}
      </Button>
      <ConfirmDialog
        open={question !== null}
        message={question ?? ""}
        confirmLabel={t("delete.button")}
        cancelLabel={t("delete.cancel")}
        onCancel={() => setQuestion(null)}
        onConfirm={() => {
          setQuestion(null);
          fetcher.submit(null, { method: "post", action: href("/content/:kind/:id/delete", { kind, id }) });
        }}
      />
    </>
  );
}
