import { href } from "react-router";
import type { MessageKey } from "../../i18n";

// The specification's nav links, with exactly these hrefs.
export const navLinks: { href: string; label: MessageKey }[] = [
  { href: href("/home"), label: "nav.home" },
  { href: href("/ALLteacher"), label: "nav.teachers" },
  { href: href("/classRoome"), label: "nav.classRoom" },
  { href: href("/services"), label: "nav.services" },
  { href: href("/blogs"), label: "nav.blogs" },
  { href: href("/AllStudent"), label: "nav.students" },
  // As the specification spells it: the route (admitionAll) matches any case, href() gives only its own.
  { href: "/AdmitionAll", label: "nav.admissions" },
  { href: href("/resultAll"), label: "nav.results" },
  { href: href("/login"), label: "nav.login" },
  { href: href("/profile"), label: "nav.profile" },
];
