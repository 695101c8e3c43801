// 'Continue with ...' buttons for the configured identity providers (none configured: nothing).
// The popup's outcome goes to the page's error banner, or, signed in, to the login action,
// which checks the session, sets the 'Login successfully!' banner and goes to the origin page.
import { type FormEvent, type MouseEvent, useState } from "react";
import { href, useSubmit } from "react-router";
import { pageSignInHref } from "../../common/popup-sign-in";
import type { MessageKey } from "../../i18n/translate";
import { useI18n } from "../lib/i18n";
import { signInWithPopup } from "../lib/popup-sign-in";
import { ButtonLink } from "../ui";

export type ProviderButton = { id: string; name: string };

const knownCodes = new Set([
  "popup-blocked",
  "popup-closed-by-user",
  "cancelled-popup-request",
  "network-request-failed",
  "too-many-requests",
  "access_denied",
  "account_not_linked",
  "sign-in-failed",
  "provider_settings",
  "provider_unreachable",
  "provider_timeout",
  "provider_unavailable",
  "invalid_code",
  "email_not_found",
]);

/** A code from the address (?error=, after a sign-in in the page's own window), as the popup's last page limits it. */
export const errorCodeOf = (value: string | null) =>
  value?.replace(/[^A-Za-z0-9_.-]/g, "").slice(0, 64) || null;

/**
 * The popup's error for the page's banner, in the reader's language: `onError` takes the code,
 * `clearOnSubmit` wraps the form's submit handler so that sending the form clears it.
 */
export function usePopupError(initialCode: string | null = null) {
  const { t } = useI18n();
  const [code, setCode] = useState<string | null>(initialCode);
  const message = !code
    ? null
    : knownCodes.has(code)
      ? t(`provider.error.${code}` as MessageKey)
      : t("provider.error.other", { code });
  const clearOnSubmit =
    (submit: (event: FormEvent<HTMLFormElement>) => void) => (event: FormEvent<HTMLFormElement>) => {
      setCode(null);
      submit(event);
    };
  return { message, onError: setCode, clearOnSubmit };
}

export function ProviderSignIn({
  providers,
  redirectTo,
  onError,
}: {
  providers: ProviderButton[];
  redirectTo: string;
  /** The error code to show in the page's banner, or null to clear it. */
  onError: (code: string | null) => void;
}) {
  const { t } = useI18n();
  const submit = useSubmit();
  const [busy, setBusy] = useState<string | null>(null);
  if (providers.length === 0) return null;

  const start = async (event: MouseEvent<HTMLAnchorElement>, provider: string) => {
    // A click that asks for another tab or window follows the link, signing in there.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onError(null);
    // A second click while a window is open answers at once (cancelled-popup-request).
    const running = busy === null;
    if (running) setBusy(provider);
    const outcome = await signInWithPopup(provider);
    if (running) setBusy(null);
    if (!outcome.ok) {
      onError(outcome.code);
      return;
    }
    await submit({ intent: "provider", redirectTo }, { method: "post", action: href("/login") });
  };

  return (
    <div className="stack" data-testid="providers">
      <p className="muted" style={{ textAlign: "center", margin: 0 }}>
        {t("provider.or")}
      </p>
      {providers.map((provider) => (
        // A plain link until the page's script runs (a click then signs in in this window); the
        // script opens the popup instead (docs/decisions/0029-provider-failures-named.md).
        <ButtonLink
          key={provider.id}
          to={pageSignInHref(provider.id, redirectTo)}
          reloadDocument
          variant="outline"
          block
          aria-busy={busy === provider.id || undefined}
          onClick={(event) => void start(event, provider.id)}
        >
          {t("provider.continueWith", { name: provider.name })}
        </ButtonLink>
      ))}
      {busy ? (
        <p className="muted" role="status" style={{ margin: 0 }}>
          {t("provider.busy")}
        </p>
      ) : null}
    </div>
  );
}
