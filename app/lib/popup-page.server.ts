// The two small pages of the sign-in popup, without React: the first shows while the opener
// starts the flow, the last tells the opener how it ended and closes itself.
import { dictionaries, type MessageKey, translate } from "../i18n";
import { localeOf } from "./cookies.server";
import type { PopupMessage } from "./popup-sign-in";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Posts to our own origin only, so no other site can read it even if it became the opener.
// Without an opener (the page was opened on its own), it goes on to a page of the site.
const finishScript = `(function () {
  var outcome = JSON.parse(document.getElementById("outcome").textContent);
  if (window.opener && window.opener !== window) {
    window.opener.postMessage(outcome, window.location.origin);
    window.close();
  } else {
    window.location.replace(outcome.ok ? "/" : "/login");
  }
})();`;

export function popupPage(
  request: Request,
  options: { text: MessageKey; nonce: string; outcome?: PopupMessage },
): Response {
  const locale = localeOf(request);
  const t = (key: MessageKey) => escapeHtml(translate(dictionaries[locale], key));
  const script = options.outcome
    ? `<script type="application/json" id="outcome">${JSON.stringify(options.outcome).replace(/</g, "\\u003c")}</script>
<script nonce="${escapeHtml(options.nonce)}">${finishScript}</script>`
    : "";
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${t("provider.popupTitle")}</title></head>
<body style="font-family: system-ui, sans-serif; margin: 0; padding: 32px 16px; text-align: center; color: #1f2933">
<main><p role="status">${t(options.text)}</p></main>
${script}
</body>
</html>`;
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
