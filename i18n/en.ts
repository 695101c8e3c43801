// English texts, gathered from the area files. The specification's quoted texts stay verbatim
// (odd spellings included): they are the institute's copy; Bangla is where wording may change.
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

export const en = {
  ...shellMessages.en,
  ...authMessages.en,
  ...dashboardMessages.en,
  ...dashboardFormsMessages.en,
  ...dashboardPeopleMessages.en,
  ...dashboardListsMessages.en,
  ...pagesMessages.en,
  ...homeMessages.en,
  ...listsMessages.en,
  ...detailsMessages.en,
  ...contactMessages.en,
  ...cartMessages.en,
  ...accountSecurityMessages.en,
  ...profileMessages.en,
  ...inboxMessages.en,
  ...dashboardOverviewMessages.en,
  ...resultsMessages.en,
  ...marksheetMessages.en,
  ...examReportsMessages.en,
  ...eventsMessages.en,
  ...downloadsMessages.en,
  ...routinesMessages.en,
  ...siteSettingsMessages.en,
  ...messagesMessages.en,
  ...registerMessages.en,
  ...feesMessages.en,
  ...admissionApplicationsMessages.en,
  ...galleryMessages.en,
  ...familyMessages.en,
  ...attendanceMessages.en,
};

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
