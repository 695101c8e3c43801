// The audit trail for REST clients: admins read who created, changed or deleted what, and when.
import { z } from "zod";
import { auditSubjects } from "../../common/audit";
import { listAudit } from "../domain/audit/list";
import { listQuery } from "../domain/content/collection";
import { Answer, endpoint } from "./endpoint";
import { auditEntry } from "./wire-schemas";

const auditQuery = listQuery.extend({
  subject: z.enum(auditSubjects, { error: `subject must be one of ${auditSubjects.join(", ")}` }).optional(),
});

export const auditEndpoints = [
  endpoint({
    method: "GET",
    paths: ["/audit"],
    summary:
      "The audit trail, newest first: every create, update and delete by an admin (subject filters the kind " +
      "of record, q searches who did it by e-mail; X-Total-Count)",
    tag: "Audit",
    access: "admin",
    query: auditQuery,
    response: z.array(auditEntry),
    responseHeaders: ["X-Total-Count"],
    handle: async ({ services, actor, query }) => {
      const { items, total } = await listAudit(services.db, actor, query);
      return new Answer(items, { "X-Total-Count": String(total) });
    },
  }),
];
