// The contact form and the subscribe box. Both post with a fetcher (they work without script as
// plain forms); the browser checks the cheap rules first, the server checks them all.

import { type FormEvent, useEffect, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import type { Problem } from "../../../common/errors/problem";
import type { MessageKey } from "../../i18n";
import { useI18n } from "../../lib/i18n";
import { Alert, Button, TextArea, TextField } from "../../ui";

type Answer = { ok: boolean; error?: Problem | null; fields?: Record<string, Problem> };
type Errors = Record<string, string>;

const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A fetcher form with checks in the browser, the server's answer and a reset on success. */
function useCheckedForm(fields: string[]) {
  const { t, te } = useI18n();
  const fetcher = useFetcher<Answer>();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    if (answer?.ok) form.current?.reset();
  }, [answer]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const found: Errors = {};
    for (const name of fields) {
      const value = String(data.get(name) ?? "").trim();
      if (!value) found[name] = t("home.form.required");
      else if (name === "email" && !emailShape.test(value)) found[name] = t("home.form.email");
    }
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      event.preventDefault();
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  };

  const serverFields = answer && !answer.ok ? (answer.fields ?? {}) : {};
  const fieldError = (name: string) =>
    errors[name] ?? (serverFields[name] ? te(serverFields[name]) : undefined);
  const failure =
    answer && !answer.ok
      ? answer.error
        ? te(answer.error)
        : Object.keys(serverFields).length === 0
          ? t("home.form.failed")
          : null
      : null;
  return {
    fetcher,
    form,
    onSubmit,
    fieldError,
    failure,
    sent: answer?.ok === true,
    busy: fetcher.state !== "idle",
  };
}

function Outcome({ sent, failure, success }: { sent: boolean; failure: string | null; success: MessageKey }) {
  const { t } = useI18n();
  if (sent) return <Alert tone="success">{t(success)}</Alert>;
  return failure ? <Alert tone="error">{failure}</Alert> : null;
}

export function ContactForm() {
  const { t } = useI18n();
  const { fetcher, form, onSubmit, fieldError, failure, sent, busy } = useCheckedForm([
    "name",
    "email",
    "message",
  ]);
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={href("/contact")}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="contact-heading"
      className="stack"
    >
      <Outcome sent={sent} failure={failure} success="home.contact.sent" />
      <TextField
        name="name"
        label={t("home.contact.name")}
        autoComplete="name"
        maxLength={100}
        required
        error={fieldError("name")}
      />
      <TextField
        name="email"
        type="email"
        label={t("home.contact.email")}
        autoComplete="email"
        maxLength={254}
        required
        error={fieldError("email")}
      />
      <TextArea
        name="message"
        label={t("home.contact.message")}
        maxLength={5000}
        rows={5}
        required
        error={fieldError("message")}
      />
      <div>
        <Button type="submit" busy={busy}>
          {t("home.contact.send")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export function SubscribeBox() {
  const { t } = useI18n();
  const { fetcher, form, onSubmit, fieldError, failure, sent, busy } = useCheckedForm(["email"]);
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={href("/subscribe")}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="subscribe-heading"
      className="stack home-subscribe"
    >
      <h3 id="subscribe-heading">{t("home.subscribe.heading")}</h3>
      <p className="muted">{t("home.subscribe.lead")}</p>
      <Outcome sent={sent} failure={failure} success="home.subscribe.done" />
      <TextField
        name="email"
        type="email"
        label={t("home.subscribe.email")}
        autoComplete="email"
        maxLength={254}
        required
        error={fieldError("email")}
      />
      <div>
        <Button type="submit" busy={busy}>
          {t("home.subscribe.send")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
