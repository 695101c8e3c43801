// Every REST endpoint, in one list: the router and the OpenAPI document read it. The kinds of
// content's calls are made from the registry (server/domain/kinds.ts): each kind's own REST
// names, or the plain ones (server/api/kind-rest.ts).
import { type KindName, kindNames } from "../../common/kinds";
import { serverKinds } from "../domain/kinds";
import { admissionApplicationEndpoints } from "./admission-applications";
import { attendanceEndpoints } from "./attendance";
import { auditEndpoints } from "./audit";
import { contactEndpoints } from "./contact";
import { contentEndpoints } from "./content-endpoints";
import { downloadFileEndpoints } from "./downloads";
import type { AnyEndpoint } from "./endpoint";
import { examReportEndpoints } from "./exam-reports";
import { examEndpoints } from "./exams";
import { familyEndpoints } from "./family";
import { feePaymentEndpoints } from "./fee-payments";
import { feeEndpoints } from "./fees";
import { galleryEndpoints } from "./gallery";
import { inboxEndpoints } from "./inbox";
import { type KindRest, plainRest } from "./kind-rest";
import { messageEndpoints } from "./messages";
import { orderEndpoints } from "./orders";
import { registerEndpoints } from "./register";
import { routineEndpoints } from "./routines";
import { settingsEndpoints } from "./settings";
import { teachingEndpoints } from "./teaching";
import { userEndpoints } from "./users";

/** A kind's REST names: its server part's, or the plain ones; undefined when its calls are a module's own. */
export function restOf(name: KindName): KindRest<unknown> | undefined {
  const { rest, table } = serverKinds[name];
  if (rest === "own") return undefined;
  return (rest as KindRest<unknown> | undefined) ?? (plainRest(name, table) as KindRest<unknown>);
}

/** Each kind's list, get, create, update and delete, unless its calls are a module's own. */
const kindEndpoints = kindNames.flatMap((name) => {
  const rest = restOf(name);
  return rest ? contentEndpoints(serverKinds[name].collection, rest) : [];
});

export const endpoints: AnyEndpoint[] = [
  ...userEndpoints,
  ...teachingEndpoints,
  ...kindEndpoints,
  ...downloadFileEndpoints,
  ...galleryEndpoints,
  ...examEndpoints,
  ...examReportEndpoints,
  ...routineEndpoints,
  ...registerEndpoints,
  ...contactEndpoints,
  ...orderEndpoints,
  ...auditEndpoints,
  ...inboxEndpoints,
  ...familyEndpoints,
  ...attendanceEndpoints,
  ...messageEndpoints,
  ...feeEndpoints,
  ...feePaymentEndpoints,
  ...settingsEndpoints,
  ...admissionApplicationEndpoints,
];
