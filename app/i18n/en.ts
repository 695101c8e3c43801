// English texts, gathered from the area files. The specification's quoted texts stay verbatim
// (odd spellings included): they are the institute's copy; Bangla is where wording may change.
import { authMessages } from "./areas/auth";
import { dashboardMessages } from "./areas/dashboard";
import { pagesMessages } from "./areas/pages";
import { shellMessages } from "./areas/shell";

export const en = {
  ...shellMessages.en,
  ...authMessages.en,
  ...dashboardMessages.en,
  ...pagesMessages.en,
};

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
