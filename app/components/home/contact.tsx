// The contact form and the subscribe box, on the one form pattern (app/lib/use-schema-form.ts):
// checked in the browser with the server's schema (common/schemas/contact.ts), then posted with
// a fetcher to /contact or /subscribe. Without script they post as plain forms to the home page
// itself (its action, routes/home.tsx), which shows the server's field errors beside the fields,
// with what was typed.

import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { Problem } from "../../../common/errors/problem";
import { lettersAsCodeUnits } from "../../../common/text-rules";
import type { MessageKey } from "../../../i18n";
import { useI18n } from "../../lib/i18n";
import { useSchemaForm } from "../../lib/use-schema-form";
import { Alert, Button, TextArea, TextField } from "../../ui";

/** The answer of POST /contact and /subscribe; a refused plain post also sends back what was typed. */
export type FormAnswer = {
  ok: boolean;
  error?: Problem | null;
  fields?: Record<string, Problem>;
  values?: Record<string, string>;
};

/** A fetcher form on the shared pattern, with the server's answer and a reset on success. */
function useFetcherForm(
  action: "/contact" | "/subscribe",
  schema: () => Promise<import("zod").ZodType>,
  answered?: FormAnswer,
) {
  const { t, te } = useI18n();
  const fetcher = useFetcher<FormAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.state === "idle" ? (fetcher.data ?? answered) : undefined;
  const serverFields = answer && !answer.ok ? (answer.fields ?? {}) : {};
  const { onSubmit, onFocus, fieldError } = useSchemaForm(schema, serverFields, {
    submit: (element) => fetcher.submit(element, { method: "post", action }),
  });

  useEffect(() => {
    if (answer?.ok) form.current?.reset();
  }, [answer]);

  const failure =
    answer && !answer.ok
      ? answer.error
        ? te(answer.error)
        : Object.keys(serverFields).length === 0
          ? t("home.form.failed")
          : null
      : null;
  return {
    form,
    // Without script: the home page's own action (its index route), told which form it is.
    formProps: {
      ref: form,
      method: "post" as const,
      action: `/?index&form=${action.slice(1)}`,
      noValidate: true,
      onSubmit,
      onFocus,
    },
    fieldError,
    failure,
    typed: answer && !answer.ok ? (answer.values ?? {}) : {},
    sent: answer?.ok === true,
    busy: fetcher.state !== "idle",
  };
}

function Outcome({ sent, failure, success }: { sent: boolean; failure: string | null; success: MessageKey }) {
  const { t } = useI18n();
  if (sent) return <Alert tone="success">{t(success)}</Alert>;
  return failure ? <Alert tone="error">{failure}</Alert> : null;
}

export function ContactForm({ answer }: { answer?: FormAnswer }) {
  const { t } = useI18n();
  const { formProps, fieldError, failure, typed, sent, busy } = useFetcherForm(
    "/contact",
    () => import("../../../common/schemas/contact").then((m) => m.contactInput),
    answer,
  );
  return (
    <form {...formProps} aria-labelledby="contact-heading" className="stack">
      <Outcome sent={sent} failure={failure} success="home.contact.sent" />
      <TextField
        name="name"
        label={t("home.contact.name")}
        autoComplete="name"
        maxLength={lettersAsCodeUnits(100)}
        required
        defaultValue={typed.name}
        error={fieldError("name")}
      />
      <TextField
        name="email"
        type="email"
        label={t("home.contact.email")}
        autoComplete="email"
        maxLength={254}
        required
        defaultValue={typed.email}
        error={fieldError("email")}
      />
      <TextArea
        name="message"
        label={t("home.contact.message")}
        maxLength={lettersAsCodeUnits(5000)}
        rows={5}
        required
        defaultValue={typed.message}
        error={fieldError("message")}
      />
      <div>
        <Button type="submit" busy={busy}>
          {t("home.contact.send")}
        </Button>
      </div>
    </form>
  );
}

export function SubscribeBox({ answer }: { answer?: FormAnswer }) {
  const { t } = useI18n();
  const { formProps, fieldError, failure, typed, sent, busy } = useFetcherForm(
    "/subscribe",
    () => import("../../../common/schemas/contact").then((m) => m.subscribeInput),
    answer,
  );
  return (
    <form {...formProps} aria-labelledby="subscribe-heading" className="stack home-subscribe">
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
        defaultValue={typed.email}
        error={fieldError("email")}
      />
      <div>
        <Button type="submit" busy={busy}>
          {t("home.subscribe.send")}
        </Button>
      </div>
    </form>
  );
}
