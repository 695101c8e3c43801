// The route table: the specification's paths (matched case-insensitively, so /AdmitionAll and
// /admitionAll are one page), each page in its own module.
import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { formKindNames, kinds } from "../common/kinds";

export default [
  index("routes/home.tsx", { id: "home-index" }),
  route("home", "routes/home.tsx", { id: "home" }),
  route("login", "routes/login.tsx"),
  route("login/phone", "routes/login.phone.tsx"),
  route("register", "routes/register.tsx"),
  route("logout", "routes/logout.ts"),
  route("language", "routes/language.ts"),
  // The class routine: a class's or a teacher's week, with a date's substitutes.
  route("classRoome", "routes/class-room.tsx"),

  // Lists.
  route("admitionAll", "routes/admissions.tsx"),
  route("services", "routes/services.tsx"),
  route("resultAll", "routes/results.tsx"),
  route("blogs", "routes/blogs.tsx"),
  route("AllStudent", "routes/students.tsx"),
  route("teacher", "routes/teachers.tsx"),
  route("ALLteacher", "routes/all-teachers.tsx"),
  route("notices", "routes/notices.tsx"),
  // The academic calendar: a month and its agenda, the iCalendar feed, and one event's .ics.
  route("events", "routes/events.tsx"),
  route("events.ics", "routes/events-ics.ts", { id: "events-feed" }),
  route("events/:file", "routes/events-ics.ts", { id: "event-ics" }),
  // Files to download: categories and a search (their files: /api/downloads/{id}/file).
  route("downloads", "routes/downloads.tsx"),
  // The photo gallery: albums, an album's photos (a viewer with script), one photo's own page.
  route("gallery", "routes/gallery.tsx"),
  route("gallery/:album", "routes/gallery-album.tsx"),
  route("gallery/:album/:photo", "routes/gallery-photo.tsx"),
  // Exam results by roll and registration number, and one marksheet (its PDF: server/exam-results).
  route("results", "routes/results-lookup.tsx"),
  route("results/marksheet/:exam/:roll", "routes/marksheet.tsx"),

  // Details (all but a blog need sign-in).
  route("blog/:id", "routes/blog.tsx"),
  route("services/:ID", "routes/service.tsx"),
  route("result/:ID", "routes/result.tsx"),
  route("about/:about", "routes/teacher.tsx"),
  route("admition/:booking", "routes/admission.tsx"),

  // The cart, the payment and the user's bookings (sign-in required).
  route("allOrder", "routes/cart.tsx"),
  route("payment-getway", "routes/payment.tsx", [
    index("routes/payment.index.tsx"),
    route("stripe", "routes/payment.stripe.tsx"),
    route("ssl", "routes/payment.ssl.tsx"),
    route("bkash", "routes/payment.bkash.tsx"),
  ]),
  // The stand-in for SSLCommerz's and bKash's pages in test mode.
  route("payment-getway/test-gateway/:paymentId", "routes/payment.test-gateway.tsx"),
  route("bookings", "routes/bookings.tsx"),
  route("bookings/:id", "routes/receipt.tsx"),
  // A fee payment's printable receipt (the staff and the child's family).
  route("fees/receipts/:id", "routes/fee-receipt.tsx"),
  // Anyone: a student's dues by their ID and a guardian's phone on record.
  route("fees/pay", "routes/fees-pay.tsx"),
  route("fees/orders/:orderId", "routes/fee-order.tsx"),
  // Admission applications: a round's form, and an applicant's own application.
  route("admition/:booking/apply", "routes/admission-apply.tsx"),
  route("admition/:booking/lottery", "routes/admission-lottery.tsx"),
  route("admission-applications/:id", "routes/admission-application.tsx"),

  // The profile area (sign-in required): /profile opens it.
  route("profile", "routes/profile-redirect.ts"),
  route("profile-route", "routes/profile.tsx", [
    index("routes/profile.saved.tsx", { id: "profile-index" }),
    route("UpdatedProfile", "routes/profile.saved.tsx", { id: "profile-saved" }),
    route("updateInformations", "routes/profile.edit.tsx"),
    route("MyBlogs", "routes/profile.my-blogs.tsx"),
    route("postBlog", "routes/profile.post-blog.tsx"),
    route("phone", "routes/profile.phone.tsx"),
    route("password", "routes/profile.password.tsx"),
    route("results", "routes/profile.results.tsx"),
    // Each person's view: a guardian's children (and a student's own record), a teacher's classes.
    route("children", "routes/profile.children.tsx"),
    route("children/:childId", "routes/profile.child.tsx"),
    route("children/:childId/fees", "routes/profile.child-fees.tsx"),
    route("applications", "routes/profile.applications.tsx"),
    route("classes", "routes/profile.classes.tsx"),
  ]),
  route("forgot-password", "routes/forgot-password.tsx"),
  // The sign-in popup's first and last pages (identity providers).
  route("auth/popup", "routes/auth.popup.ts"),
  route("auth/popup/done", "routes/auth.popup-done.ts"),
  // The same sign-in in the page's own window (a click before the page's script runs).
  route("auth/sign-in", "routes/auth.sign-in.ts"),
  route("reset-password", "routes/reset-password.tsx"),
  // The link mailed to an address a phone account adds: the address is the account's once confirmed.
  route("confirm-email", "routes/confirm-email.tsx"),

  // Forms and feeds without a page of their own.
  route("contact", "routes/contact.ts"),
  route("subscribe", "routes/subscribe.ts"),
  route("content/:kind/:id/delete", "routes/content-delete.ts"),
  route("DeashBoard/subscribers.csv", "routes/dashboard.subscribers-csv.ts"),
  route("DeashBoard/orders.csv", "routes/dashboard.orders-csv.ts"),
  route("DeashBoard/export/:file", "routes/dashboard.export-file.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("blogs/rss.xml", "routes/blogs-rss.ts"),

  route("DeashBoard", "routes/dashboard.tsx", [
    index("routes/dashboard.home.tsx", { id: "dashboard-index" }),
    route("Home", "routes/dashboard.home.tsx", { id: "dashboard-home" }),
    route("AddAdmin", "routes/dashboard.add-admin.tsx"),
    // One add form for every kind of content, at each kind's addPath (common/kinds).
    ...formKindNames.map((kind) =>
      route(kinds[kind].addPath, "routes/dashboard.add-content.tsx", {
        id: `dashboard-add-${kinds[kind].one}`,
      }),
    ),
    route("list/:kind", "routes/dashboard.content-list.tsx"),
    route("edit/:kind/:id", "routes/dashboard.edit-content.tsx"),
    route("albums/:id/photos", "routes/dashboard.album-photos.tsx"),
    route("orders", "routes/dashboard.orders.tsx"),
    route("users", "routes/dashboard.users.tsx"),
    // A teacher's class-subjects: an admin's page of any account, and the teacher's own.
    route("users/:id/teaching", "routes/dashboard.teaching.tsx", { id: "dashboard-teaching" }),
    route("my-teaching", "routes/dashboard.teaching.tsx", { id: "dashboard-my-teaching" }),
    // Daily attendance: a class's sheet for a day, on the teacher's phone.
    route("attendance", "routes/dashboard.attendance.tsx"),
    route("attendance/register", "routes/dashboard.attendance-register.tsx"),
    route("comments", "routes/dashboard.comments.tsx"),
    route("subscribers", "routes/dashboard.subscribers.tsx"),
    route("inbox/:id", "routes/dashboard.message.tsx"),
    route("compose", "routes/dashboard.compose.tsx"),
    // Messages to guardians by text and e-mail (admins, and teachers for their classes).
    route("messages", "routes/dashboard.messages.tsx"),
    route("audit", "routes/dashboard.audit.tsx"),
    route("exports", "routes/dashboard.exports.tsx"),
    // The institute's site settings: the calendars beside the Gregorian date, the app's names.
    route("settings", "routes/dashboard.settings.tsx"),
    route("exams", "routes/dashboard.exams.tsx"),
    route("exams/:id", "routes/dashboard.exam.tsx"),
    // The register of students: the list, the import of a sheet, a class's promotion, one child.
    route("register", "routes/dashboard.register.tsx"),
    route("register/import", "routes/dashboard.register-import.tsx"),
    route("register/promote", "routes/dashboard.register-promote.tsx"),
    route("register/:id", "routes/dashboard.register-child.tsx"),
    // The class routine's editor: periods and days, a class's week, substitutes.
    route("routines", "routes/dashboard.routines.tsx"),
    // Tuition fees: the structure, a month's invoices and the dues; a student's ledger and payments.
    route("fees", "routes/dashboard.fees.tsx"),
    route("fees/collections", "routes/dashboard.fees-collections.tsx"),
    // An admission round's applications: the office's board.
    route("admissions/:id/applications", "routes/dashboard.admission-applications.tsx"),
    route("fees/students/:id", "routes/dashboard.fees-student.tsx"),
    // A guardian of the register linked to an account (or unlinked) by an admin.
    route("register/:id/guardians/:guardianId/account", "routes/dashboard.guardian-account.tsx"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
