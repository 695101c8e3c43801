// /confirm-email?token=...: the page the mail to an address a phone account added links to. The
// address becomes the account's only when its owner presses Confirm here (a post, so a mail
// scanner that opens the link confirms nothing); until then nothing is mailed to it.
import { data, Form, href, useNavigation, useSearchParams } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { confirmAddedEmail } from "../../server/domain/added-email";
import { DomainError, statusOf } from "../../server/domain/errors";
import { FormError } from "../components/form-error";
import { useI18n } from "../lib/i18n";
import { pageOf } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { Alert, Button } from "../ui";
import type { Route } from "./+types/confirm-email";

export const handle = { texts: ["account"], problems: ["account"], query: ["token"] } satisfies TextsHandle;

export const loader = withTexts(handle, () => null);

type Answer = { ok: true; email: string } | { ok: false; error: Problem };

export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await request.formData()).get("token") ?? "");
  try {
    const { email } = await confirmAddedEmail(pageOf(context).services.db, token);
    return { ok: true, email } satisfies Answer;
  } catch (error) {
    if (error instanceof DomainError)
      return data({ ok: false, error: error.problem } satisfies Answer, { status: statusOf[error.code] });
    throw error;
  }
}

// The address carries a secret token: never indexed.
export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: { key: "emailConfirm.heading" }, path: href("/confirm-email") }),
  { name: "robots", content: "noindex" },
];

export default function ConfirmEmail({ actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const [searchParams] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="container">
      <div className="auth-card stack">
        <h1>{t("emailConfirm.heading")}</h1>
        {actionData?.ok ? (
          <Alert tone="success" testId="email-confirmed">
            {t("emailConfirm.done", { email: actionData.email })}
          </Alert>
        ) : (
          <Form method="post" aria-label={t("emailConfirm.heading")}>
            <div className="stack">
              <FormError message={actionData && !actionData.ok ? te(actionData.error) : null} />
              <p>{t("emailConfirm.intro")}</p>
              <input type="hidden" name="token" value={searchParams.get("token") ?? ""} />
              <Button type="submit" busy={busy} block>
                {t("emailConfirm.submit")}
              </Button>
            </div>
          </Form>
        )}
      </div>
    </div>
  );
}
