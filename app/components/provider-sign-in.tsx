// 'Continue with ...' buttons for the configured identity providers (none configured: nothing).
// The popup's outcome goes to the page's error banner, or, signed in, to the login action,
// which checks the session, sets the 'Login successfully!' banner and goes to the origin page.
import { type FormEvent, useState } from "react";
import { useSubmit } from "react-router";
import type { MessageKey } from "../i18n/translate";
import { useI18n } from "../lib/i18n";
import { signInWithPopup } from "../lib/popup-sign-in";
import { Button } from "../ui";

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
]);

/**
 * The popup's error for the page's banner, in the reader's language: `onError` takes the code,
 * `clearOnSubmit` wraps the form's submit handler so that sending the form clears it.
 */
export function usePopupError() {
  const { t } = useI18n();
  const [code, setCode] = useState<string | null>(null);
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

  const start = async (provider: string) => {
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
    await submit({ intent: "provider", redirectTo }, { method: "post", action: "/login" });
  };

  return (
    <div className="stack" data-testid="providers">
      <p className="muted" style={{ textAlign: "center", margin: 0 }}>
        {t("provider.or")}
      </p>
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="outline"
          block
          aria-busy={busy === provider.id || undefined}
          onClick={() => void start(provider.id)}
        >
          {t("provider.continueWith", { name: provider.name })}
        </Button>
      ))}
      {busy ? (
        <p className="muted" role="status" style={{ margin: 0 }}>
          {t("provider.busy")}
        </p>
      ) : null}
    </div>
  );
}
