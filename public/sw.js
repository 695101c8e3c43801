// The service worker (docs/offline-and-dates.md): the notice board, the calendar and the pages a
// signed-in guardian opened about their children (marksheets, dues, attendance) stay readable
// without a network. Network first: a page that arrives is kept (with the time it was saved), and
// the kept copy is shown, marked with that time, only when the network fails. Nothing else is
// kept: not the dashboard, not a form, not a page of the API.
//
// Each page says whose it is (X-Account: "none", or a keyed hash of the account). A signed-in
// person's pages are kept under their mark, in a cache of their own; a page that arrives with
// another mark (after a sign-out, or another account) drops every such cache first, and so does a
// sign-out (the page's message). A copy kept for one account is never shown to another.
const publicCache = "maktab-public-1";
const privatePrefix = "maktab-private-";
const stateCache = "maktab-state";
const stateKey = "/__offline-state";

/** The notice board and the calendar: kept for anyone. */
const publicPages = /^\/(notices|events)\/?$/i;
/** A guardian's pages about their children: their record and attendance, dues, marksheets, receipts. */
const privatePages =
  /^\/(profile-route\/(children(\/[^/]+(\/fees)?)?|results)|results\/marksheet\/[^/]+\/[^/]+|fees\/receipts\/[^/]+)\/?$/i;

const words = {
  en: { saved: "Offline copy, saved on", dates: "en-GB" },
  bn: { saved: "অফলাইন কপি, সংরক্ষণ:", dates: "bn-BD" },
};

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith("maktab-public-") && name !== publicCache)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "signed-out") event.waitUntil(setAccount("none"));
});

/** The account the last page that arrived was for ("none" when nobody was signed in). */
async function currentAccount() {
  const answer = await (await caches.open(stateCache)).match(stateKey);
  return answer ? (await answer.json()).account : "none";
}

/** A page arrived for this account: another account's copies go. */
async function setAccount(account) {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(privatePrefix) && name !== privatePrefix + account)
      .map((name) => caches.delete(name)),
  );
  await (await caches.open(stateCache)).put(
    stateKey,
    new Response(JSON.stringify({ account }), { headers: { "content-type": "application/json" } }),
  );
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.mode !== "navigate") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const kept = publicPages.test(url.pathname) || privatePages.test(url.pathname);
  event.respondWith(fromNetwork(event, request, kept));
});

async function fromNetwork(event, request, kept) {
  let answer;
  try {
    answer = await fetch(request);
  } catch (error) {
    const copy = kept ? await keptCopy(request) : undefined;
    if (copy) return copy;
    if (!(error instanceof TypeError)) throw error;
    return notKept();
  }
  const account = answer.headers.get("x-account");
  if (account) {
    // Copied now: the page reads the answer's body as soon as it is returned.
    const keeping =
      kept && answer.ok && (answer.headers.get("content-type") ?? "").startsWith("text/html")
        ? answer.clone()
        : undefined;
    event.waitUntil(
      (async () => {
        if (account !== (await currentAccount())) await setAccount(account);
        if (keeping) await keep(request, keeping, account);
      })(),
    );
  }
  return answer;
}

/** A signed-in person's page goes in their own cache, a visitor's in the public one. */
async function keep(request, answer, account) {
  const headers = new Headers(answer.headers);
  headers.set("x-saved-at", new Date().toISOString());
  const copy = new Response(await answer.blob(), { status: answer.status, headers });
  const cache = await caches.open(account === "none" ? publicCache : privatePrefix + account);
  await cache.put(request.url, copy);
}

/** The copy for this address that the current account may read, marked with when it was saved. */
async function keptCopy(request) {
  const account = await currentAccount();
  const names = account === "none" ? [publicCache] : [privatePrefix + account, publicCache];
  for (const name of names) {
    const found = await (await caches.open(name)).match(request.url);
    if (found) return marked(found);
  }
  return undefined;
}

/** The page with a line at the top of its content: an offline copy, saved at this time. */
async function marked(copy) {
  const savedAt = copy.headers.get("x-saved-at");
  const html = await copy.text();
  const language = /<html[^>]*\blang="bn"/.test(html) ? "bn" : "en";
  const { saved, dates } = words[language];
  const when = savedAt
    ? new Intl.DateTimeFormat(dates, {
        day: "numeric",
        month: "long",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone: "Asia/Dhaka",
      }).format(new Date(savedAt))
    : "";
  const line =
    `<p class="offline-copy" role="status" data-testid="offline-copy" data-saved-at="${savedAt ?? ""}" ` +
    'style="margin:0;padding:.5rem 1rem;background:#fff3bf;color:#212529;text-align:center">' +
    `${saved} <time datetime="${savedAt ?? ""}">${when}</time></p>`;
  const headers = new Headers(copy.headers);
  headers.delete("content-length");
  headers.delete("content-encoding");
  return new Response(
    html.replace(/<body[^>]*>/i, (body) => body + line),
    { status: 200, headers },
  );
}

/** No network and no copy: a short page says so, in both languages. */
function notKept() {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Offline</title></head><body style="font-family:sans-serif;margin:2rem">' +
    '<h1 data-testid="offline-none">You are offline</h1><p>This page was not saved on this device. Try again when you are online.</p>' +
    '<p lang="bn">আপনি অফলাইনে আছেন। এই পাতাটি এই ডিভাইসে সংরক্ষিত নেই; অনলাইনে এসে আবার চেষ্টা করুন।</p></body></html>';
  return new Response(html, {
    status: 503,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}
