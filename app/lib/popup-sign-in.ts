// Sign-in through an identity provider in a popup window: the page stays, the popup goes to the
// provider and back to our last page (/auth/popup/done), which posts the outcome here.
// The error codes are the specification's catalogue; a provider's own code passes through.
import { popupMessageType, popupSignInPaths } from "../../common/popup-sign-in";

export { popupMessageType };

/** What the popup's last page posts to its opener. */
export type PopupMessage =
  | { type: typeof popupMessageType; ok: true }
  | { type: typeof popupMessageType; error: string };

export type PopupOutcome = { ok: true } | { ok: false; code: string };

const closedPollMs = 500;
// The last page posts before it closes, so its message is in well before this.
const closedGraceMs = 1000;

let open: Window | null = null;

function features() {
  const width = 500;
  const height = 640;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return `popup,width=${width},height=${height},left=${left},top=${top}`;
}

/** Resolves once the popup reports, or once it has been closed without reporting. */
function outcomeOf(popup: Window): { done: Promise<PopupOutcome>; stop: () => void } {
  let stop = () => {};
  const done = new Promise<PopupOutcome>((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const data = event.data as Partial<PopupMessage> | null;
      if (data?.type !== popupMessageType) return;
      finish(
        "ok" in data && data.ok
          ? { ok: true }
          : { ok: false, code: String((data as { error?: unknown }).error ?? "sign-in-failed") },
      );
    };
    let grace: ReturnType<typeof setTimeout> | undefined;
    const poll = setInterval(() => {
      if (popup.closed && grace === undefined) {
        grace = setTimeout(() => finish({ ok: false, code: "popup-closed-by-user" }), closedGraceMs);
      }
    }, closedPollMs);
    function finish(outcome: PopupOutcome) {
      stop();
      resolve(outcome);
    }
    stop = () => {
      window.removeEventListener("message", onMessage);
      clearInterval(poll);
      clearTimeout(grace);
    };
    window.addEventListener("message", onMessage);
  });
  return { done, stop };
}

/** Asks Better Auth where the provider's sign-in page is (it also sets the flow's state cookie). */
async function providerAddress(provider: string): Promise<{ url: string } | { code: string }> {
  let response: Response;
  try {
    response = await fetch("/api/auth/sign-in/social", {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({
        provider,
        callbackURL: popupSignInPaths.done,
        newUserCallbackURL: popupSignInPaths.done,
        errorCallbackURL: popupSignInPaths.done,
        disableRedirect: true,
      }),
    });
  } catch {
    return { code: "network-request-failed" };
  }
  if (response.status === 429) return { code: "too-many-requests" };
  const answer = (await response.json().catch(() => null)) as { url?: unknown; code?: unknown } | null;
  if (!response.ok || typeof answer?.url !== "string") {
    return { code: typeof answer?.code === "string" ? answer.code.toLowerCase() : "internal-error" };
  }
  return { url: answer.url };
}

/** Runs one popup sign-in. Call it straight from a click, or browsers block the window. */
export async function signInWithPopup(provider: string): Promise<PopupOutcome> {
  if (open && !open.closed) {
    open.focus();
    return { ok: false, code: "cancelled-popup-request" };
  }
  const popup = window.open(
    `${popupSignInPaths.start}?${new URLSearchParams({ provider })}`,
    "maktab-sign-in",
    features(),
  );
  if (!popup) return { ok: false, code: "popup-blocked" };
  open = popup;
  const { done, stop } = outcomeOf(popup);
  try {
    const address = await providerAddress(provider);
    if ("code" in address) {
      stop();
      popup.close();
      return { ok: false, code: address.code };
    }
    if (!popup.closed) popup.location.replace(address.url);
    return await done;
  } finally {
    if (open === popup) open = null;
  }
}
