// The two small pages of the sign-in popup, without React: the first shows while the opener
// starts the flow, the last tells the opener how it ended and closes itself.
import { href } from "react-router";
import { dictionaries, type MessageKey, translate } from "../../i18n";
import { localeOf } from "../../server/cookies";
import type { PopupMessage } from "../lib/popup-sign-in";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Posts to our own origin only, so no other site can read it even if it became the opener.
// Without an opener (a sign-in in the page's own window, or the page opened on its own), it
// goes on to the next page.
const finishScript = `(function () {
  var outcome = JSON.parse(document.getElementById("outcome").textContent);
  if (window.opener && window.opener !== window) {
    window.opener.postMessage(outcome, window.location.origin);
    window.close();
  } else {
    window.location.replace(JSON.parse(document.getElementById("next").textContent));
  }
})();`;

const asJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

export function popupPage(
  request: Request,
  options: {
    text: MessageKey;
    nonce: string;
    outcome?: PopupMessage;
    /** Where the last page goes without an opener (a path of this site). */
    next?: string;
  },
): Response {
  const locale = localeOf(request);
  const t = (key: MessageKey) => escapeHtml(translate(dictionaries[locale], key));
  const next = options.next ?? (options.outcome && "ok" in options.outcome ? href("/") : href("/login"));
  const script = options.outcome
    ? `<script type="application/json" id="outcome">${asJson(options.outcome)}</script>
<script type="application/json" id="next">${asJson(next)}</script>
<script nonce="${escapeHtml(options.nonce)}">${finishScript}</script>`
    : "";
  // Without script at all, the page's own window still goes on.
  const noScript =
    options.outcome && options.next
      ? `<noscript><meta http-equiv="refresh" content="0;url=${escapeHtml(options.next)}"></noscript>`
      : "";
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">${noScript}<title>${t("provider.popupTitle")}</title></head>
<body style="font-family: system-ui, sans-serif; margin: 0; padding: 32px 16px; text-align: center; color: #1f2933">
<main><p role="status">${t(options.text)}</p></main>
${script}
</body>
</html>`;
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
