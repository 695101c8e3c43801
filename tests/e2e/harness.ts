/**
 * End-to-end test harness for Maktab.
 *
 * - startServer(): runs the built server (`node build/server/index.js`) as a
 *   child process on a free port with its own temporary DATA_DIR.
 * - launchBrowser() / newPage(): headless Debian Chromium via playwright-core.
 * - checkAccessibility(): runs axe-core (every rule but the experimental ones) in a page.
 *
 * Browser choice: `chromium.launch()` (not launchPersistentContext), so
 * playwright creates and deletes a fresh, empty temporary profile for every
 * browser; each newPage() call additionally gets its own BrowserContext, i.e.
 * fresh cookies and localStorage.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { publicStylesheet } from "../../bench/bundles";
import { type Account, signInByCookie } from "./api-sign-in";

/** The specification's public pages a visitor opens from the menu: the home page and the lists. */
export const publicListPages = [
  "/",
  "/admitionAll",
  "/services",
  "/resultAll",
  "/blogs",
  "/AllStudent",
  "/teacher",
  "/notices",
];

/** Repository root, resolved from this file (tests/e2e/harness.ts). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

// BUILD_DIR picks another build folder, as `BUILD_DIR=x npm run build` made it.
const buildDir = path.join(repoRoot, process.env.BUILD_DIR ?? "build");
const serverEntry = path.join(buildDir, "server", "index.js");

const HEALTH_POLL_MS = 100;
// Generous: a first start migrates and seeds, and a busy machine (parallel suites) is slow.
const HEALTH_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;

export const CHROMIUM_PATH = "/usr/bin/chromium";

/** The exact extra flags Chromium is started with. */
export const CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface StartServerOptions {
  /** Extra environment variables, applied last (they override the defaults). */
  env?: Record<string, string>;
  /** An existing DATA_DIR to start on (a restart); it is kept when the server stops. */
  dataDir?: string;
}

export type ServerExit = { code: number | null; signal: NodeJS.Signals | null };

export interface RunningServer {
  /** Base URL without trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The temporary DATA_DIR given to the server (removed by stop()). */
  dataDir: string;
  /** SIGTERM, wait for exit (SIGKILL after 10 s), remove a dataDir it made. Idempotent. */
  stop(): Promise<ServerExit>;
  /** Everything the server wrote to stdout and stderr so far. */
  logs(): string;
  /** The server's process id (to kill it hard in the crash tests). */
  pid: number | undefined;
}

/** Children still running, killed if the test process exits without stop(). */
const liveChildren = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const child of liveChildren) {
      try {
        child.kill("SIGKILL");
      } catch {
        // already gone
      }
    }
  });
}

/** Finds a free TCP port by listening on port 0 on 127.0.0.1 and closing. */
export async function getFreePort(): Promise<number> {
  return await new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      if (address === null || typeof address === "string") {
        srv.close();
        reject(new Error("could not determine a free port"));
        return;
      }
      const { port } = address;
      srv.close((err) => (err ? reject(err) : resolve(port)));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => child.once("exit", () => resolve()));
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  if (!fs.existsSync(serverEntry)) {
    throw new Error(
      `E2E harness: ${path.relative(repoRoot, serverEntry)} does not exist. ` +
        "Run `npm run build` first (`npm test` does this for you).",
    );
  }

  const port = await getFreePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "maktab-e2e-"));

  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined) env[key] = value;
  }
  // Never point a test server at a developer's or CI's real database (or Redis) by accident.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  // As `npm start` from a plain shell: no NODE_ENV (Vitest sets "test"); the build alone must
  // make it the production server.
  delete env.NODE_ENV;
  Object.assign(
    env,
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SAMPLE_CONTENT: "off",
    },
    options.env ?? {},
  );

  let output = "";
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  installExitHook();
  liveChildren.add(child);
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  let spawnError: Error | undefined;
  child.on("error", (err) => {
    spawnError = err;
    output += `\n[harness] spawn error: ${err.message}\n`;
  });
  child.on("exit", (code, signal) => {
    liveChildren.delete(child);
    output += `\n[harness] server exited (code ${code}, signal ${signal})\n`;
  });

  let stopped: Promise<ServerExit> | undefined;
  const stop = (): Promise<ServerExit> => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null && !spawnError) {
        const exited = waitForExit(child);
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
      liveChildren.delete(child);
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      return { code: child.exitCode, signal: child.signalCode };
    })();
    return stopped;
  };
  const logs = () => output;

  // Wait until GET /healthz answers 200.
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastProblem = "no attempt yet";
  for (;;) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `E2E harness: the server exited before /healthz answered 200.\n--- server output ---\n${output}`,
      );
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status === 200) break;
      lastProblem = `HTTP ${res.status}`;
    } catch (err) {
      lastProblem = err instanceof Error ? err.message : String(err);
    }
    if (Date.now() >= deadline) {
      await stop();
      throw new Error(
        `E2E harness: GET ${url}/healthz did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s ` +
          `(last: ${lastProblem}).\n--- server output ---\n${output}`,
      );
    }
    await sleep(HEALTH_POLL_MS);
  }

  return { url, dataDir, stop, logs, pid: child.pid };
}

/**
 * Starts headless Chromium (Debian's /usr/bin/chromium) with the fixed flags.
 * `chromium.launch` gives every browser a fresh temporary profile.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `E2E harness: ${CHROMIUM_PATH} not found. Install it with ` +
        "`apt-get update && apt-get install -y chromium`.",
    );
  }
  return await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
}

export interface NewPageOptions {
  viewport?: { width: number; height: number };
  /** Browser locale (navigator.language and Accept-Language). Default en-US. */
  locale?: string;
  /** false: the page runs no script of its own, as with JavaScript turned off. Default true. */
  javaScript?: boolean;
  /** The page outlives the test that opens it (later tests go on with it); the file closes it. */
  keep?: boolean;
}

// Contexts opened by a test (not by a beforeAll) are closed when it ends (tests/e2e/setup.ts): a
// page left open keeps running its script, carousel and timers in Chromium, and a file's tests
// left dozens of them taking CPU from the pages still under test.
let testContexts: Set<BrowserContext> | undefined;

/** Called before each test: contexts opened from now on belong to it. */
export function openTestContexts(): void {
  testContexts = new Set();
}

/** Called after each test: closes the contexts it opened and left open. */
export async function closeTestContexts(): Promise<void> {
  const contexts = testContexts;
  testContexts = undefined;
  await Promise.all([...(contexts ?? [])].map((context) => context.close().catch(() => undefined)));
}

/** A fresh context (own cookies and localStorage) with one page in it. */
export async function newPage(
  browser: Browser,
  options: NewPageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? "en-US",
    javaScriptEnabled: options.javaScript ?? true,
  });
  if (!options.keep) testContexts?.add(context);
  const page = await context.newPage();
  // Without script nothing hydrates: there is nothing to wait for.
  if (options.javaScript === false) return { context, page };
  // A page's scripts load after its content, so a click on a button that needs them (a menu, a
  // dialog) could come before React handles it: every page load waits for hydration first, on
  // the pages that hydrate (waitForHydration).
  const goto = page.goto.bind(page);
  page.goto = async (url, gotoOptions) => {
    const response = await goto(url, gotoOptions);
    await waitForHydration(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (reloadOptions) => {
    const response = await reload(reloadOptions);
    await waitForHydration(page);
    return response;
  };
  return { context, page };
}

/**
 * Waits until React has taken over the server's HTML, so clicks on links and buttons that need
 * script (the phone menu, dialogs, the gallery's viewer) are handled. The server HTML already
 * carries every attribute the app sets, so the only sure sign is React's own: its fiber key on
 * the main element, and the root's first commit. The fiber key comes while React still renders
 * (hydration is split into slices between which the page runs), and a click before the commit
 * reaches no handler: a link is then followed as without script. A reading page runs no React
 * (decision 0059): its plain modules (type=module, deferred) have run before the load event that
 * goto waits for.
 */
export async function waitForHydration(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    () => {
      // A page without React (a reading page: decision 0059, whose plain modules need no
      // waiting), or not one of our pages (a feed, a JSON answer, an error from the browser):
      // nothing to wait for. React Router's hydration data comes before any of its scripts.
      if (!("__reactRouterContext" in window)) return true;
      const main = document.querySelector("main") ?? document.body;
      if (!Object.keys(main).some((key) => key.startsWith("__reactFiber"))) return false;
      // hydrateRoot(document) keeps the root's first fiber on the document; the root's committed
      // tree has a child once the first commit is done.
      type RootFiber = { stateNode?: { current?: { child: unknown } } };
      const key = Object.keys(document).find((name) => name.startsWith("__reactContainer"));
      const fiber = key ? (document as unknown as Record<string, RootFiber>)[key] : undefined;
      return Boolean(fiber?.stateNode?.current?.child);
    },
    undefined,
    { timeout },
  );
}

/**
 * Signs in through `/login?redirectTo=path` as a person would, and returns once the destination is
 * on screen. The address changes before React commits the new page, so the test waits for the
 * header's sign-out form: it arrives in the same commit as the page it was sent to.
 */
export async function signInThroughLogin(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
  path: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login?${new URLSearchParams({ redirectTo: path })}`);
  await page.getByLabel("E-mail").fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole("button", { name: "Login" }).last().click();
  await page.locator('form[action="/logout"]').waitFor({ state: "attached", timeout: 30_000 });
}

// Signing in through the REST API (api-sign-in.ts), kept importable from here.
export { type Account, apiSignIn, sessionOf, signInByCookie } from "./api-sign-in";

export interface SiteOptions {
  /** The sample content (SAMPLE_CONTENT=on); without it the site starts empty. */
  sampleContent?: boolean;
  /** The admin the server makes at its start (ADMIN_EMAIL and ADMIN_PASSWORD). */
  admin?: Account;
  /** More of the server's environment, applied last. */
  env?: Record<string, string>;
  /** An existing DATA_DIR to start on (kept when the server stops). */
  dataDir?: string;
}

/** A built server and a Chromium for a file's (or a describe block's) tests. */
export interface Site {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The server's base URL, without a trailing slash. */
  readonly url: string;
  /** A fresh page (own cookies and storage) opened at `path`. */
  open(path: string, options?: NewPageOptions): Promise<Page>;
  /** A fresh page signed in as `account` (by its session cookie), opened at `path`. */
  signedIn(account: Account, path: string, options?: NewPageOptions): Promise<Page>;
}

type Started = { server: RunningServer; browser: Browser };

function siteOf(started: () => Started): Site {
  return {
    get server() {
      return started().server;
    },
    get browser() {
      return started().browser;
    },
    get url() {
      return started().server.url;
    },
    async open(path, options) {
      const { page } = await newPage(started().browser, options);
      await page.goto(started().server.url + path);
      return page;
    },
    async signedIn(account, path, options) {
      const { context, page } = await newPage(started().browser, options);
      await signInByCookie(context, started().server, account);
      await page.goto(started().server.url + path);
      return page;
    },
  };
}

const notStarted = (): never => {
  throw new Error("E2E harness: the site is used before its beforeAll started it");
};

/**
 * The start every browser file needs: its own built server (on its own data, with the sample
 * content and an admin if asked) and a Chromium, started before the tests of the describe block it
 * is called in and stopped after them. For tests that change what is stored; tests that only
 * read use readOnlySite().
 */
export function useSite(optionsOrLater: SiteOptions | (() => SiteOptions) = {}): Site {
  let started: Started | undefined;
  let madeDataDir: string | undefined;
  beforeAll(async () => {
    // Options known only once an earlier beforeAll ran (a fake provider's address) come as a function.
    const options = typeof optionsOrLater === "function" ? optionsOrLater() : optionsOrLater;
    const env: Record<string, string> = { SAMPLE_CONTENT: options.sampleContent ? "on" : "off" };
    if (options.admin) {
      Object.assign(env, { ADMIN_EMAIL: options.admin.email, ADMIN_PASSWORD: options.admin.password });
    }
    let dataDir = options.dataDir;
    if (!dataDir) {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "maktab-e2e-"));
      madeDataDir = dataDir;
    }
    copyPreparedDataDir(Boolean(options.sampleContent), dataDir);
    const [server, browser] = await Promise.all([
      startServer({ env: { ...env, ...options.env }, dataDir }),
      launchBrowser(),
    ]);
    started = { server, browser };
  });
  afterAll(async () => {
    await started?.browser.close();
    await started?.server.stop();
    if (madeDataDir) fs.rmSync(madeDataDir, { recursive: true, force: true });
  });
  return siteOf(() => started ?? notStarted());
}

/**
 * Copies into an empty DATA_DIR the folder of a server stopped just after its first start (empty
 * or with the sample content), made once for the e2e run (tests/e2e/global-setup.ts): a start on
 * it skips making the database and seeding, 3-4 s of a core each. The sample content does not
 * depend on the server's settings, and the admin is made at every start. Without the global setup
 * (another project) the server makes its own, as before.
 */
export function copyPreparedDataDir(sampleContent: boolean, into: string): void {
  const prepared = inject(sampleContent ? "seededDataDir" : "emptyDataDir");
  if (!prepared || fs.readdirSync(into).length > 0) return;
  fs.cpSync(prepared, into, { recursive: true });
}

/**
 * The built server with the sample content that the whole e2e run shares (started once by
 * tests/e2e/global-setup.ts), and a Chromium of the file's own: for tests that only read and
 * change nothing another reader could see (no record, no account, not even a page the page cache
 * keeps, where a test wants its first view made fresh). It has no admin and nobody signed up.
 */
export function readOnlySite(): Site {
  let started: Started | undefined;
  beforeAll(async () => {
    const server: RunningServer = {
      url: readOnlyServerUrl(),
      dataDir: "",
      // The run's global setup stops it.
      stop: async () => ({ code: null, signal: null }),
      logs: () => "(the shared server's output goes to the run's global setup)",
      pid: undefined,
    };
    started = { server, browser: await launchBrowser() };
  });
  afterAll(async () => {
    await started?.browser.close();
  });
  return siteOf(() => started ?? notStarted());
}

/** The base URL of the shared server of readOnlySite(), for tests that need no browser. */
export const readOnlyServerUrl = (): string => inject("readOnlyServer");

declare module "vitest" {
  export interface ProvidedContext {
    /** A stopped server's DATA_DIR after its first start with the sample content (copyPreparedDataDir). */
    seededDataDir: string;
    /** The same without the sample content. */
    emptyDataDir: string;
    /** The base URL of the shared server for the files that only read (readOnlySite()). */
    readOnlyServer: string;
  }
}

/**
 * A page as the server sent it, styled only by the rules the server chose for its markup
 * (app/styles/page-css.server.ts): none of the site's scripts load (so neither does the whole
 * stylesheet they add), but the test's own evaluate calls run.
 */
export async function pageWithItsOwnCss(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
  testContexts?.add(context);
  await context.route(/\/assets\/[^?]+\.js(\?|$)/, (route) => route.abort());
  return await context.newPage();
}

/**
 * The rules of the whole public stylesheet that can apply to a page of pageWithItsOwnCss and are
 * not in its own CSS: each style rule whose selector matches an element of the page in some
 * state (hovered, focused, checked...; its ::before or ::after), at any width or in print, must be
 * among the rules the server inlined (the same text under the same conditions). With all of them
 * there, in the same order, the page looks as it would with every rule.
 */
export async function stylesLeftOut(page: Page): Promise<string[]> {
  const file = publicStylesheet(path.join(buildDir, "client"));
  await page.addStyleTag({ url: file });
  return await page.evaluate((wholeFile) => {
    type Found = { key: string; selector: string };
    const flatten = (rules: CSSRuleList, conditions: string): Found[] =>
      [...rules].flatMap((rule): Found[] => {
        if (rule instanceof CSSStyleRule) {
          return [{ key: `${conditions}${rule.cssText}`, selector: rule.selectorText }];
        }
        if (rule instanceof CSSConditionRule) {
          return flatten(rule.cssRules, `${conditions}@${rule.conditionText} `);
        }
        return [];
      });
    const sheets = [...document.styleSheets];
    const whole = sheets.find((sheet) => sheet.href?.endsWith(wholeFile));
    if (!whole) return ["the whole stylesheet did not load"];
    const own = new Set(
      sheets
        .filter((sheet) => sheet.ownerNode instanceof HTMLStyleElement)
        .flatMap((sheet) => flatten(sheet.cssRules, ""))
        .map((rule) => rule.key),
    );
    // What a selector needs of the markup, whatever the element's state: pseudo-elements and
    // state pseudo-classes left out.
    const states =
      /::?(before|after|marker|placeholder|selection|first-line|first-letter|backdrop|file-selector-button|-webkit-[\w-]+|-moz-[\w-]+)|:(hover|focus|focus-visible|focus-within|active|visited|link|checked|disabled|enabled|invalid|valid|user-invalid|placeholder-shown|target|open|popover-open|autofill|indeterminate|default|required|optional|read-only|read-write)\b/g;
    const canMatch = (selector: string) =>
      selector.split(",").some((one) => {
        const plain = one.replace(states, "").trim();
        try {
          return document.querySelector(plain === "" || /[>+~]$/.test(plain) ? "*" : plain) !== null;
        } catch {
          return true;
        }
      });
    return flatten(whole.cssRules, "")
      .filter((rule) => !own.has(rule.key) && canMatch(rule.selector))
      .map((rule) => rule.key);
  }, file);
}
