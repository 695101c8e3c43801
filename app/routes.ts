// The route table: the specification's paths (matched case-insensitively, so /AdmitionAll and
// /admitionAll are one page). Sections still being built share the coming-soon module.
import { index, type RouteConfig, route } from "@react-router/dev/routes";

const comingSoon = (path: string, id: string) => route(path, "routes/coming-soon.tsx", { id });

export default [
  index("routes/home.tsx", { id: "home-index" }),
  route("home", "routes/home.tsx", { id: "home" }),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("logout", "routes/logout.ts"),
  route("language", "routes/language.ts"),
  route("classRoome", "routes/class-room.tsx"),

  // Public lists (the public site issue fills them).
  comingSoon("services", "services"),
  comingSoon("resultAll", "results"),
  comingSoon("blogs", "blogs"),
  comingSoon("AllStudent", "students"),
  comingSoon("admitionAll", "admissions"),
  comingSoon("teacher", "teacher"),
  // Login required.
  comingSoon("ALLteacher", "all-teachers"),
  comingSoon("allOrder", "orders"),
  comingSoon("services/:id", "service"),
  comingSoon("admition/:booking", "admission"),
  comingSoon("result/:id", "result"),
  comingSoon("about/:about", "teacher-detail"),
  comingSoon("profile", "profile"),

  route("DeashBoard", "routes/dashboard.tsx", [
    index("routes/dashboard.home.tsx", { id: "dashboard-index" }),
    route("Home", "routes/dashboard.home.tsx", { id: "dashboard-home" }),
    route("AddAdmin", "routes/dashboard.add-admin.tsx"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
