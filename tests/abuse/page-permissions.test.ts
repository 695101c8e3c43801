// The permission matrix of the pages' own form posts (React Router actions, the second door into
// the domain beside REST): every route whose module exports an action has a row saying, for each
// role, whether the post goes through to the action's own work or is refused for who is asking.
// Each cell is a form posted to the built server as that role: "in" (answered by the action: its
// work, or a 4xx about the form or a record, never 401 or 403 nor the way to the login page),
// "login" (a visitor sent to /login, or 401) or 403 (the 403 page). The routes are read from the
// route table, so a new action without a row fails the first test.
// The form sent names an intent no form uses and no fields, so an action that lets the caller in
// refuses the form itself and changes nothing; what the actions do is tested beside each feature.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSignIn, type RunningServer, sessionOf, startServer } from "../e2e/harness";
import { routesWithActions } from "./route-actions";
import { adminAccount } from "./support";

/** A route by its path, "/" for the home page's index and "?index" after an index's path. */
const keyOf = (route: { path: string; index: boolean }) =>
  route.index ? `${route.path || "/"}?index` : route.path;

const callers = ["anonymous", "user", "teacher", "accountant", "guardian", "student", "admin"] as const;
type Caller = (typeof callers)[number];
type Cell = "in" | "login" | 403;
type Row = [
  anonymous: Cell,
  user: Cell,
  teacher: Cell,
  accountant: Cell,
  guardian: Cell,
  student: Cell,
  admin: Cell,
];

const everyone: Row = ["in", "in", "in", "in", "in", "in", "in"];
const signedIn: Row = ["login", "in", "in", "in", "in", "in", "in"];
const admins: Row = ["login", 403, 403, 403, 403, 403, "in"];
const teachers: Row = ["login", 403, "in", 403, 403, 403, "in"];
const accountants: Row = ["login", 403, 403, "in", 403, 403, "in"];

// biome-ignore format: a table is read by its columns
const matrix: Record<string, Row> = {
  // The public pages' forms: anyone (the home page's and the footer's subscribe, sign-in, sign-up,
  // the language, the dues lookup; the test gateway stands in for a provider's page).
  "/?index":                                 everyone,
  "home":                                    everyone,
  "login":                                   everyone,
  "login/phone":                             everyone,
  "register":                                everyone,
  "logout":                                  everyone,
  "language":                                everyone,
  "forgot-password":                         everyone,
  "reset-password":                          everyone,
  "confirm-email":                           everyone,
  "contact":                                 everyone,
  "subscribe":                               everyone,
  "fees/pay":                                everyone,
  "payment-getway/test-gateway/:paymentId":  everyone,
  // A comment, the cart, paying, the profile: any signed-in account (a child's page: the
  // child's own family only, a 404 otherwise: tests/api/family.test.ts).
  "blog/:id":                                signedIn,
  "allOrder":                                signedIn,
  "payment-getway":                          signedIn,
  "payment-getway/stripe":                   signedIn,
  "payment-getway/ssl":                      signedIn,
  "payment-getway/bkash":                    signedIn,
  "profile-route":                           signedIn,
  "profile-route/updateInformations":        signedIn,
  "profile-route/postBlog":                  signedIn,
  "profile-route/phone":                     signedIn,
  "profile-route/password":                  signedIn,
  "profile-route/children":                  signedIn,
  "profile-route/children/:childId":         signedIn,
  "profile-route/children/:childId/fees":    signedIn,
  // An admission application: any signed-in account applies for a child, and keeps their own.
  "admition/:booking/apply":                 signedIn,
  "admission-applications/:id":              signedIn,
  // The dashboard: admins, but teachers' notices and blogs (pending until approved), marks,
  // attendance and messages to their classes; accountants' orders and fees.
  "content/:kind/:id/delete":                admins,
  "DeashBoard?index":                        admins,
  "DeashBoard/Home":                         admins,
  "DeashBoard/AddAdmin":                     admins,
  "DeashBoard/AddAdmition":                  admins,
  "DeashBoard/AddResult":                    admins,
  "DeashBoard/blogAdd":                      teachers,
  "DeashBoard/noticeADD":                    teachers,
  "DeashBoard/servicesAdd":                  admins,
  "DeashBoard/StudentAdd":                   admins,
  "DeashBoard/teacherADD":                   admins,
  "DeashBoard/eventAdd":                     admins,
  "DeashBoard/downloadAdd":                  admins,
  "DeashBoard/albumAdd":                     admins,
  "DeashBoard/list/:kind":                   admins,
  "DeashBoard/edit/:kind/:id":               admins,
  "DeashBoard/albums/:id/photos":            admins,
  "DeashBoard/orders":                       accountants,
  "DeashBoard/users":                        admins,
  "DeashBoard/users/:id/teaching":           admins,
  "DeashBoard/my-teaching":                  admins,
  "DeashBoard/attendance":                   teachers,
  "DeashBoard/comments":                     admins,
  "DeashBoard/inbox/:id":                    admins,
  "DeashBoard/compose":                      admins,
  "DeashBoard/messages":                     teachers,
  // The site's settings (the dates beside the Gregorian, the cart's shipping and tax), a round's applications: admins change
  // them (an accountant reads the board).
  "DeashBoard/settings":                     admins,
  "DeashBoard/admissions/:id/applications":  admins,
  "DeashBoard/exams":                        admins,
  "DeashBoard/exams/:id":                    teachers,
  "DeashBoard/register":                     admins,
  "DeashBoard/register/import":              admins,
  "DeashBoard/register/promote":             admins,
  "DeashBoard/register/:id":                 admins,
  "DeashBoard/routines":                     admins,
  "DeashBoard/fees":                         accountants,
  "DeashBoard/fees/students/:id":            accountants,
  "DeashBoard/register/:id/guardians/:guardianId/account": admins,
};

describe("page actions' permission matrix", () => {
  let server: RunningServer;
  const cookies: Partial<Record<Caller, string>> = {};

  const signIn = async (email: string, password: string) =>
    sessionOf(await apiSignIn(server, email, password)).cookie;

  beforeAll(async () => {
    server = await startServer({
      env: { ADMIN_EMAIL: adminAccount.email, ADMIN_PASSWORD: adminAccount.password },
    });
    const admin = sessionOf(await apiSignIn(server, adminAccount.email, adminAccount.password));
    cookies.admin = admin.cookie;
    for (const caller of ["user", "teacher", "accountant", "guardian", "student"] as const) {
      const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({
          email: `${caller}@pages.test`,
          password: `${caller}-password-1`,
          name: caller,
        }),
      });
      const { user } = (await signUp.clone().json()) as { user: { id: string } };
      cookies[caller] = sessionOf(signUp).cookie;
      if (caller === "user") continue;
      const given = await fetch(`${server.url}/api/users/${user.id}/roles/${caller}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(given.status).toBe(200);
    }
  });
  afterAll(() => server?.stop());

  /** A record's id where a path has one; the refusals come before any record is looked up. */
  const missing = "00000000-0000-4000-8000-000000000000";
  const pageOf = (pattern: string) =>
    pattern
      .replace(":kind", "notices")
      .replace(/:(id|ID|childId|guardianId|paymentId|booking|about)\b/g, missing);

  it("has a row for every route with an action, and none for routes without", () => {
    const keys = routesWithActions.map(keyOf);
    const missingRows = keys.filter((key) => !(key in matrix));
    const stale = Object.keys(matrix).filter((key) => !keys.includes(key));
    expect({ missing: missingRows, stale }).toEqual({ missing: [], stale: [] });
  });

  /** What a post as this caller comes to: let in, sent to sign in, or the 403 page. */
  async function post(route: { path: string; index: boolean }, caller: Caller): Promise<string> {
    // Signing out ends the session it is sent with: a session of its own.
    const cookie =
      route.path === "logout" && caller !== "anonymous"
        ? await signIn(
            caller === "admin" ? adminAccount.email : `${caller}@pages.test`,
            caller === "admin" ? adminAccount.password : `${caller}-password-1`,
          )
        : (cookies[caller] ?? "");
    const url = `${server.url}/${pageOf(route.path)}${route.index ? "?index" : ""}`;
    const response = await fetch(url, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams({ intent: "matrix-probe" }),
    });
    await response.arrayBuffer();
    const location = response.headers.get("location") ?? "";
    if (response.status === 401 || ([302, 303].includes(response.status) && location.startsWith("/login")))
      return "login";
    if (response.status === 403) return "403";
    return `in (${response.status}${location ? ` ${location}` : ""})`;
  }

  it("lets in or refuses each role on every action as its row says", async () => {
    const problems: string[] = [];
    const seen: string[] = [];
    for (const route of routesWithActions) {
      const key = keyOf(route);
      const row = matrix[key];
      const got: string[] = [];
      for (const [index, caller] of callers.entries()) {
        const outcome = await post(route, caller);
        got.push(outcome);
        const expected = String(row?.[index] ?? "?");
        if (!outcome.startsWith(expected))
          problems.push(`${key} as ${caller}: expected ${expected}, got ${outcome}`);
      }
      seen.push(`${key}: ${got.join(", ")}`);
    }
    if (process.env.SHOW_PAGE_MATRIX) console.log(seen.join("\n"));
    expect(problems).toEqual([]);
  });
});
