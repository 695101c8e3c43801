// The home page's data on a real database: how many of each kind, in which order, cut how far,
// and what a visitor never sees (teachers and students waiting for review or rejected, teachers
// who are not featured). Admins see the same home page: the review queue is the dashboard's.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadHome } from "../../app/routes/home.server";
import { teachers as teachersTable } from "../../server/db/schema";
import { type Actor, anonymous } from "../../server/domain/actor";
import { listFeaturedTeachers } from "../../server/domain/teachers";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

const longText = (word: string) => Array.from({ length: 40 }, (_, i) => `${word}${i}`).join(" ");

describe.each(testDatabases)("home page data on %s", (kind) => {
  let t: TestApp;
  let admin: Session;

  const create = async (path: string, body: Record<string, unknown>) => {
    const response = await t.json(path, "POST", body, { session: admin });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { insertedId: string }).insertedId;
  };
  const change = async (path: string, body: Record<string, unknown>) => {
    const response = await t.json(path, "PUT", body, { session: admin });
    expect(response.status, await response.clone().text()).toBe(200);
  };

  // Created oldest first, so each list's newest are at the end of these arrays.
  const admissions: string[] = [];
  const featured: string[] = [];
  let rejectedTeacher = "";
  let plainTeacher = "";
  const students: string[] = [];
  let rejectedStudent = "";
  const waitingTeacher = "Featured waiting";
  const waitingStudent = "Student waiting";
  const results: string[] = [];
  const services: string[] = [];
  const blogs: string[] = [];
  const notices: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "head-password-1" });
    admin = await t.signIn("head@school.test", "head-password-1");

    for (let i = 1; i <= 5; i++) {
      const title = `Admission ${i}`;
      await create("/api/AddAdmition", {
        title,
        price: `${i}00.50`,
        about: longText("about"),
        image1: `https://img.example/admission-${i}.jpg`,
      });
      admissions.push(title);
    }
    for (let i = 1; i <= 8; i++) {
      const name = `Featured ${i}`;
      const id = await create("/api/teacher/addTeacher", {
        name,
        email: `t${i}@school.test`,
        phone: "+880 1711-000000",
        address: "Dhaka",
        position: "Teacher",
        roll: "head",
      });
      if (i === 7) {
        // A featured teacher the admin rejected: never on the home page for visitors.
        await change(`/api/teacher/teacher/${id}`, { status: "rejected" });
        rejectedTeacher = name;
      } else {
        await change(`/api/teacher/teacher/${id}`, { status: "approved" });
        featured.push(name);
      }
    }
    plainTeacher = "Not featured";
    const plainId = await create("/api/teacher/addTeacher", {
      name: plainTeacher,
      email: "plain@school.test",
      phone: "1",
      address: "Dhaka",
    });
    await change(`/api/teacher/teacher/${plainId}`, { status: "approved" });
    // The newest featured teacher waits for review: not on the home page yet.
    await create("/api/teacher/addTeacher", {
      name: waitingTeacher,
      email: "waiting@school.test",
      phone: "1",
      address: "Dhaka",
      roll: "head",
    });
    for (let i = 1; i <= 7; i++) {
      const name = `Student ${i}`;
      const id = await create("/api/student/addStudent", {
        name,
        email: `s${i}@school.test`,
        description: i % 2 ? longText("word") : "Short.",
        position: "Class Six",
      });
      if (i === 6) {
        await change(`/api/student/students/${id}`, { status: "rejected" });
        rejectedStudent = name;
      } else {
        await change(`/api/student/students/${id}`, { status: "approved" });
        students.push(name);
      }
    }
    await create("/api/student/addStudent", { name: waitingStudent, email: "w@school.test" });
    for (let i = 1; i <= 3; i++) {
      const title = `Result ${i}`;
      await create("/api/result/Addresult", {
        title,
        information: "Passed",
        image: "https://img.example/r.png",
      });
      results.push(title);
    }
    for (let i = 1; i <= 4; i++) {
      const name = `Service ${i}`;
      await create("/api/service/addServices", {
        serviceName: name,
        about: "Open",
        img: "https://img.example/s.png",
      });
      services.push(name);
    }
    for (let i = 1; i <= 8; i++) {
      const title = `Blog ${i}`;
      await create("/api/blog/blogs", {
        title,
        email: "office@school.test",
        blog: longText("body"),
        catagori: "News",
        // Every other blog has a picture: only those can be slides.
        ...(i % 2 ? { image: `https://img.example/blog-${i}.jpg` } : {}),
      });
      blogs.push(title);
    }
    for (let i = 1; i <= 6; i++) {
      const title = `Notice ${i}`;
      await create("/api/Notice/notices", { Title: title, about: "For everyone." });
      notices.push(title);
    }
  });
  afterAll(() => t?.close());

  const load = async (actor: Actor) => {
    const home = await loadHome({ db: t.services.db, images: t.services.images }, actor);
    return {
      ...home,
      teachers: await home.teachers,
      results: await home.results,
      services: await home.services,
      students: await home.students,
      blogs: await home.blogs,
      notices: await home.notices,
    };
  };
  const newest = (list: string[], n: number) => list.slice(-n).reverse();
  const idOf = async (name: string) => {
    const [row] = await t.services.db
      .select({ id: teachersTable.id })
      .from(teachersTable)
      .where(eq(teachersTable.name, name));
    return row?.id;
  };

  it("shows the newest 3 admissions, 2 results, 3 services, 6 blogs and 5 notices, newest first", async () => {
    const home = await load(anonymous);
    expect(home.admissions.map((a) => a.title)).toEqual(newest(admissions, 3));
    expect(home.admissions[0]?.price).toBe(500.5);
    expect(home.results.map((r) => r.title)).toEqual(newest(results, 2));
    expect(home.services.map((s) => s.name)).toEqual(newest(services, 3));
    expect(home.blogs.map((b) => b.title)).toEqual(newest(blogs, 6));
    expect(home.notices.map((n) => n.title)).toEqual(newest(notices, 5));
    const dates = home.blogs.map((b) => Date.parse(b.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("shows at most 6 featured teachers, newest first, never a waiting, rejected or unfeatured one", async () => {
    const home = await load(anonymous);
    const names = home.teachers.map((teacher) => teacher.name);
    expect(names).toEqual(newest(featured, 6));
    expect(names).not.toContain(rejectedTeacher);
    expect(names).not.toContain(waitingTeacher);
    expect(names).not.toContain(plainTeacher);
  });

  it("shows an admin what visitors see: the waiting and rejected ones are the dashboard's", async () => {
    const actor: Actor = {
      kind: "user",
      id: "x",
      email: "head@school.test",
      name: "Head",
      image: null,
      roles: new Set(["admin"]),
      isAdmin: true,
    };
    const home = await load(actor);
    expect(home.teachers.map((teacher) => teacher.name)).toEqual(
      (await load(anonymous)).teachers.map((t) => t.name),
    );
    for (const name of [rejectedStudent, waitingStudent])
      expect(home.students.map((student) => student.name)).not.toContain(name);
  });

  it("reads the featured teachers once per view until the next change, the admins' view apart", async () => {
    const generation = await t.services.pageCache.generation();
    expect(generation).not.toBeNull();
    const reads = t.services.pageCache.readsFor(generation as string);
    const ctx = { db: t.services.db, images: t.services.images, reads };
    const teachersFor = async (actor: Actor) =>
      (await (await loadHome(ctx, actor)).teachers).map((teacher) => teacher.name);
    const reader: Actor = {
      kind: "user",
      id: "r",
      email: "r@school.test",
      name: "R",
      image: null,
      roles: new Set(),
      isAdmin: false,
    };
    const head: Actor = {
      ...reader,
      id: "h",
      email: "head@school.test",
      roles: new Set(["admin"]),
      isAdmin: true,
    };

    // The admins' view, read first, holds the rejected teacher; it never reaches anyone else's.
    const featuredFor = async (actor: Actor) =>
      (await listFeaturedTeachers(ctx, actor, 6)).map((teacher) => teacher.name);
    expect(await featuredFor(head)).toContain(rejectedTeacher);
    expect(await featuredFor(reader)).not.toContain(rejectedTeacher);
    expect(await featuredFor(anonymous)).not.toContain(rejectedTeacher);

    // A change made behind the app's back is not seen within the generation: the reads are kept.
    const newestName = newest(featured, 1)[0] as string;
    await t.services.db
      .update(teachersTable)
      .set({ name: "Renamed outside" })
      .where(eq(teachersTable.name, newestName));
    expect(await teachersFor(anonymous)).toContain(newestName);
    expect(await teachersFor(head)).toContain(newestName);

    // A change through the app starts a new generation, whose reads see the database again.
    await change(`/api/teacher/teacher/${await idOf("Renamed outside")}`, { name: newestName });
    const next = await t.services.pageCache.generation();
    expect(next).not.toBe(generation);
    const fresh = { ...ctx, reads: t.services.pageCache.readsFor(next as string) };
    await t.services.db
      .update(teachersTable)
      .set({ name: "Renamed again" })
      .where(eq(teachersTable.name, newestName));
    const names = (await (await loadHome(fresh, reader)).teachers).map((teacher) => teacher.name);
    expect(names).toContain("Renamed again");
    await t.services.db
      .update(teachersTable)
      .set({ name: newestName })
      .where(eq(teachersTable.name, "Renamed again"));
  });

  it("shows the 5 newest students a visitor may see, descriptions cut to 100 characters", async () => {
    const home = await load(anonymous);
    expect(home.students.map((s) => s.name)).toEqual(newest(students, 5));
    expect(home.students.map((s) => s.name)).not.toContain(rejectedStudent);
    expect(home.students.map((s) => s.name)).not.toContain(waitingStudent);
    for (const student of home.students) {
      expect(student.description.length).toBeLessThanOrEqual(100);
      if (student.description !== "Short.") {
        expect(student.description.endsWith("…")).toBe(true);
        expect(longText("word").startsWith(student.description.slice(0, -1))).toBe(true);
      }
    }
    for (const admission of home.admissions) expect(admission.about.length).toBeLessThanOrEqual(100);
  });

  it("builds up to 4 carousel slides from admissions and blogs that have pictures", async () => {
    const home = await load(anonymous);
    expect(home.slides).toHaveLength(4);
    for (const slide of home.slides) {
      expect(slide.image.url).toMatch(/^https:\/\/img\.example\//);
      expect(slide.href).toBe(`/${slide.kind === "admission" ? "admition" : "blog"}/${slide.id}`);
    }
    expect(home.slides.map((s) => s.title)).toEqual(["Admission 5", "Blog 7", "Admission 4", "Blog 5"]);
  });

  it("sends only what the cards show", async () => {
    const home = await load(anonymous);
    expect(Object.keys(home.teachers[0] ?? {}).sort()).toEqual([
      "category",
      "id",
      "image",
      "name",
      "position",
    ]);
    expect(JSON.stringify(home)).not.toContain("@school.test");
  });
});
