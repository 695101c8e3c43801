import type { MessageKey } from "../i18n";

// The specification's nav links, with exactly these hrefs.
export const navLinks: { href: string; label: MessageKey }[] = [
  { href: "/home", label: "nav.home" },
  { href: "/ALLteacher", label: "nav.teachers" },
  { href: "/classRoome", label: "nav.classRoom" },
  { href: "/services", label: "nav.services" },
  { href: "/blogs", label: "nav.blogs" },
  { href: "/AllStudent", label: "nav.students" },
  { href: "/AdmitionAll", label: "nav.admissions" },
  { href: "/resultAll", label: "nav.results" },
  { href: "/login", label: "nav.login" },
  { href: "/profile", label: "nav.profile" },
];
