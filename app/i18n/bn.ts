// Bangla texts, gathered from the area files (each area must cover every English key).
import { authMessages } from "./areas/auth";
import { dashboardMessages } from "./areas/dashboard";
import { pagesMessages } from "./areas/pages";
import { shellMessages } from "./areas/shell";
import type { Messages } from "./en";

export const bn: Messages = {
  ...shellMessages.bn,
  ...authMessages.bn,
  ...dashboardMessages.bn,
  ...pagesMessages.bn,
};
