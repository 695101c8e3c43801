// /profile-route/children: "My children". The children the account is linked to (each with their
// newest class, section and roll, a link to their results, routine and notices, and a button that
// removes the link), and the form that links another: the child's registration number, then the
// code texted to the guardian phone the register holds. Plain forms: it works without script.
import { data, Form, href, redirect, useNavigation } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { initialsOf } from "../../common/initials";
import { linkCodeConfirm, linkCodeRequest } from "../../common/schemas/family";
import { guardianTextsInput } from "../../common/schemas/guardian-messages";
import { guardianLinkDeps } from "../../server/api/family";
import { flashCookieHeader, localeOf } from "../../server/cookies";
import { DomainError, statusOf } from "../../server/domain/errors";
import { myTextChoices, setGuardianTexts } from "../../server/domain/messages/write";
import { RateLimitError } from "../../server/domain/rate-limit";
import { myChildren } from "../../server/domain/register/family";
import {
  confirmGuardianCode,
  pendingGuardianCodes,
  requestGuardianCode,
  unlinkOwnChild,
} from "../../server/domain/register/guardian-links";
import { Avatar } from "../components/avatar";
import { ChildPlacement } from "../components/family/child-placement";
import { FormError } from "../components/form-error";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { fieldProblemsOf } from "../lib/use-schema-form";
import { Button, SelectField, TextField } from "../ui";
import type { Route } from "./+types/profile.children";

// Not kept as a personal page: a pending code's state changes with the time.
export const handle = { texts: ["family"], problems: ["family"] } satisfies TextsHandle;

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const actor = requireUserPage(context, request);
  const { services } = pageOf(context);
  const [children, pending, texts] = await Promise.all([
    myChildren(services.db, actor),
    pendingGuardianCodes(services.db, actor),
    myTextChoices(services.db, actor),
  ]);
  return {
    children: children.map((child) => ({
      ...child,
      initials: initialsOf(child.name),
      // Whether the school's texts about this child are stopped, and their language; null when
      // not their guardian.
      textsOff: texts.find((row) => row.childId === child.id)?.optOut ?? null,
      textsLanguage: texts.find((row) => row.childId === child.id)?.language ?? null,
    })),
    pending: pending[0] ?? null,
  };
});

type Answer = {
  problem?: Problem;
  fields?: Record<string, Problem>;
  registration?: string;
  intent?: string;
};

const here = () => href("/profile-route/children");

const invalid = (
  error: Parameters<typeof fieldProblemsOf>[0],
  registration: string | undefined,
  intent: string,
) => {
  const answer: Answer = { fields: fieldProblemsOf(error), registration, intent };
  return data(answer, { status: 400 });
};

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireUserPage(context, request);
  const { services, client } = pageOf(context);
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "");
  const registration = typeof form.registration === "string" ? form.registration : undefined;
  try {
    if (intent === "texts") {
      const row = (await myTextChoices(services.db, actor)).find(
        (r) => r.childId === String(form.child ?? ""),
      );
      if (row) {
        // Stop or allow (a button), or a language (the list): whichever the form carries.
        const parsed = guardianTextsInput.safeParse(
          form.language === undefined ? { optOut: form.optOut === "on" } : { language: form.language },
        );
        if (!parsed.success) return invalid(parsed.error, registration, intent);
        await setGuardianTexts(services.db, actor, row.guardianId, parsed.data);
      }
      return redirect(here());
    }
    if (intent === "unlink") {
      await unlinkOwnChild(services.db, actor, String(form.child ?? ""));
      return redirect(here(), {
        headers: { "Set-Cookie": flashCookieHeader(request, "family.children.unlinked") },
      });
    }
    if (intent === "confirm") {
      const parsed = linkCodeConfirm.safeParse({ registration: form.registration, code: form.code });
      if (!parsed.success) return invalid(parsed.error, registration, intent);
      await confirmGuardianCode(guardianLinkDeps(services), actor, parsed.data);
      return redirect(here(), {
        headers: { "Set-Cookie": flashCookieHeader(request, "family.children.linked") },
      });
    }
    const parsed = linkCodeRequest.safeParse({ registration: form.registration });
    if (!parsed.success) return invalid(parsed.error, registration, intent);
    await requestGuardianCode(guardianLinkDeps(services), actor, {
      registration: parsed.data.registration,
      client,
      locale: localeOf(request),
    });
    // Back by GET, which shows the pending code's form (a reload sends nothing).
    return redirect(here());
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const headers =
      error instanceof RateLimitError ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    const answer: Answer = { problem: error.problem, fields: error.fieldProblems, registration, intent };
    return data(answer, { status: statusOf[error.code], headers });
  }
}

export default function MyChildren({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const { children, pending } = loaderData;
  const fieldError = (name: string) => {
    const found = actionData?.fields?.[name];
    return found ? te(found) : undefined;
  };
  // A field's refusal shows at the field; anything else above the forms.
  const banner = actionData?.problem && !actionData.fields ? te(actionData.problem) : null;
  return (
    <section className="stack" aria-labelledby="children-heading">
      <h2 id="children-heading">{t("family.children.heading")}</h2>
      <p className="muted">{t("family.children.lead")}</p>
      {children.length === 0 ? (
        <p data-testid="children-none">{t("family.children.none")}</p>
      ) : (
        <ul
          className="family-children"
          aria-label={t("family.children.listLabel")}
          data-testid="children-list"
        >
          {children.map((child) => (
            <li key={child.id} className="family-child" data-testid="child-card">
              <Avatar
                name={child.name}
                initials={child.initials}
                photoUrl={child.photoUrl}
                size={56}
                alt={t("family.child.photo", { name: child.name })}
              />
              <div className="family-child__about">
                <h3 className="family-child__name">
                  <a href={href("/profile-route/children/:childId", { childId: child.id })}>{child.name}</a>
                </h3>
                <p className="muted">{t(`family.relation.${child.relation}`)}</p>
                <ChildPlacement enrolment={child.enrolment} />
                <p>
                  <a href={href("/profile-route/children/:childId", { childId: child.id })}>
                    {t("family.children.open")}
                  </a>
                </p>
              </div>
              {child.textsOff !== null ? (
                <Form method="post" className="family-child__texts" data-testid="child-texts">
                  <p className="muted">{t(child.textsOff ? "family.texts.off" : "family.texts.on")}</p>
                  <input type="hidden" name="intent" value="texts" />
                  <input type="hidden" name="child" value={child.id} />
                  <input type="hidden" name="optOut" value={child.textsOff ? "off" : "on"} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="small"
                    busy={busy("texts")}
                    aria-label={t(child.textsOff ? "family.texts.allowNamed" : "family.texts.stopNamed", {
                      name: child.name,
                    })}
                  >
                    {t(child.textsOff ? "family.texts.allow" : "family.texts.stop")}
                  </Button>
                </Form>
              ) : null}
              {child.textsLanguage !== null && !child.textsOff ? (
                <Form method="post" className="family-child__texts" data-testid="child-texts-language">
                  <input type="hidden" name="intent" value="texts" />
                  <input type="hidden" name="child" value={child.id} />
                  <SelectField
                    name="language"
                    label={t("family.texts.languageNamed", { name: child.name })}
                    defaultValue={child.textsLanguage}
                    options={[
                      { value: "bn", label: "বাংলা" },
                      { value: "en", label: "English" },
                    ]}
                  />
                  <Button type="submit" variant="outline" size="small" busy={busy("texts")}>
                    {t("family.texts.saveLanguage")}
                  </Button>
                </Form>
              ) : null}
              {child.relation !== "self" ? (
                <Form method="post" className="family-child__unlink">
                  <input type="hidden" name="intent" value="unlink" />
                  <input type="hidden" name="child" value={child.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="small"
                    busy={busy("unlink")}
                    aria-label={t("family.children.unlinkNamed", { name: child.name })}
                  >
                    {t("family.children.unlink")}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <h3>{t("family.link.heading")}</h3>
      <FormError message={banner} />
      {pending ? (
        <Form method="post" noValidate aria-label={t("family.link.confirm")}>
          <div className="stack">
            <p role="status" data-testid="link-code-sent">
              {t("family.link.sent", { registration: pending.registration })}
            </p>
            <p className="muted">{t("family.link.rules")}</p>
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="registration" value={pending.registration} />
            <TextField
              name="code"
              label={t("family.link.code")}
              hint={t("family.link.codeLabel", { registration: pending.registration })}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              required
              error={actionData?.intent === "confirm" ? fieldError("code") : undefined}
            />
            <Button type="submit" busy={busy("confirm")}>
              {t("family.link.confirm")}
            </Button>
          </div>
        </Form>
      ) : null}
      <Form method="post" noValidate aria-label={t("family.link.heading")}>
        <div className="stack">
          <input type="hidden" name="intent" value="send" />
          <TextField
            name="registration"
            label={t("family.link.registration")}
            hint={t("family.link.registrationHint")}
            inputMode="numeric"
            maxLength={30}
            required
            defaultValue={actionData?.intent === "send" ? (actionData.registration ?? "") : ""}
            error={actionData?.intent === "send" ? fieldError("registration") : undefined}
          />
          <div className="row">
            <Button type="submit" variant={pending ? "outline" : "primary"} busy={busy("send")}>
              {t("family.link.send")}
            </Button>
          </div>
        </div>
      </Form>
    </section>
  );
}
