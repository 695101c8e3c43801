// Bangla texts, gathered from the area files (each area must cover every English key).
import { accountSecurityMessages } from "./areas/account-security";
import { admissionApplicationsMessages } from "./areas/admission-applications";
import { attendanceMessages } from "./areas/attendance";
import { authMessages } from "./areas/auth";
import { cartMessages } from "./areas/cart";
import { contactMessages } from "./areas/contact";
import { dashboardMessages } from "./areas/dashboard";
import { dashboardFormsMessages } from "./areas/dashboard-forms";
import { dashboardListsMessages } from "./areas/dashboard-lists";
import { dashboardOverviewMessages } from "./areas/dashboard-overview";
import { dashboardPeopleMessages } from "./areas/dashboard-people";
import { detailsMessages } from "./areas/details";
import { downloadsMessages } from "./areas/downloads";
import { eventsMessages } from "./areas/events";
import { examReportsMessages } from "./areas/exam-reports";
import { familyMessages } from "./areas/family";
import { feesMessages } from "./areas/fees";
import { galleryMessages } from "./areas/gallery";
import { homeMessages } from "./areas/home";
import { inboxMessages } from "./areas/inbox";
import { listsMessages } from "./areas/lists";
import { marksheetMessages } from "./areas/marksheet";
import { messagesMessages } from "./areas/messages";
import { pagesMessages } from "./areas/pages";
import { profileMessages } from "./areas/profile";
import { registerMessages } from "./areas/register";
import { resultsMessages } from "./areas/results";
import { routinesMessages } from "./areas/routines";
import { shellMessages } from "./areas/shell";
import { siteSettingsMessages } from "./areas/site-settings";
import type { Messages } from "./en";

export const bn: Messages = {
  ...shellMessages.bn,
  ...authMessages.bn,
  ...dashboardMessages.bn,
  ...dashboardFormsMessages.bn,
  ...dashboardPeopleMessages.bn,
  ...dashboardListsMessages.bn,
  ...pagesMessages.bn,
  ...homeMessages.bn,
  ...listsMessages.bn,
  ...detailsMessages.bn,
  ...contactMessages.bn,
  ...cartMessages.bn,
  ...accountSecurityMessages.bn,
  ...profileMessages.bn,
  ...inboxMessages.bn,
  ...dashboardOverviewMessages.bn,
  ...resultsMessages.bn,
  ...marksheetMessages.bn,
  ...examReportsMessages.bn,
  ...eventsMessages.bn,
  ...downloadsMessages.bn,
  ...routinesMessages.bn,
  ...siteSettingsMessages.bn,
  ...messagesMessages.bn,
  ...registerMessages.bn,
  ...feesMessages.bn,
  ...admissionApplicationsMessages.bn,
  ...galleryMessages.bn,
  ...familyMessages.bn,
  ...attendanceMessages.bn,
};
