// The kinds the dashboard's lists and edit forms serve, by the plural names in their addresses
// (the keys of app/lib/collections.server.ts), with their add form's kind and menu label.
import type { MessageKey } from "../../i18n";
import type { ContentKind } from "./content-forms";

export const listKinds = [
  "admissions",
  "results",
  "blogs",
  "notices",
  "services",
  "students",
  "teachers",
] as const;

export type ListKind = (typeof listKinds)[number];

export const formKindOfList: Record<ListKind, ContentKind> = {
  admissions: "admission",
  results: "result",
  blogs: "blog",
  notices: "notice",
  services: "service",
  students: "student",
  teachers: "teacher",
};

export const listMenuLabels: Record<ListKind, MessageKey> = {
  admissions: "contentLists.menu.admissions",
  results: "contentLists.menu.results",
  blogs: "contentLists.menu.blogs",
  notices: "contentLists.menu.notices",
  services: "contentLists.menu.services",
  students: "contentLists.menu.students",
  teachers: "contentLists.menu.teachers",
};
