// Every REST endpoint, in one list: the router and the OpenAPI document read it.
import { admissionEndpoints } from "./admissions";
import { auditEndpoints } from "./audit";
import { blogEndpoints } from "./blogs";
import { commentEndpoints } from "./comments";
import { contactEndpoints } from "./contact";
import { downloadEndpoints } from "./downloads";
import type { AnyEndpoint } from "./endpoint";
import { eventEndpoints } from "./events";
import { examReportEndpoints } from "./exam-reports";
import { examEndpoints } from "./exams";
import { galleryEndpoints } from "./gallery";
import { inboxEndpoints } from "./inbox";
import { noticeEndpoints } from "./notices";
import { orderEndpoints } from "./orders";
import { resultEndpoints } from "./results";
import { routineEndpoints } from "./routines";
import { serviceEndpoints } from "./services";
import { studentEndpoints } from "./students";
import { teacherEndpoints } from "./teachers";
import { userEndpoints } from "./users";

export const endpoints: AnyEndpoint[] = [
  ...userEndpoints,
  ...admissionEndpoints,
  ...resultEndpoints,
  ...examEndpoints,
  ...examReportEndpoints,
  ...routineEndpoints,
  ...blogEndpoints,
  ...commentEndpoints,
  ...noticeEndpoints,
  ...eventEndpoints,
  ...downloadEndpoints,
  ...galleryEndpoints,
  ...serviceEndpoints,
  ...studentEndpoints,
  ...teacherEndpoints,
  ...contactEndpoints,
  ...orderEndpoints,
  ...auditEndpoints,
  ...inboxEndpoints,
];
