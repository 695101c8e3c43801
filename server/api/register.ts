// The school's register of students: admins list, read, add and change children, their photos,
// enrolments and guardians, import the register from a sheet and promote a class. The register is
// never public: every call is an admin's, and every answer is private (no cache keeps it).
import { z } from "zod";
import { englishOf } from "../../common/errors/english";
import { problem } from "../../common/errors/problem";
import { genders, guardianRelations, registerStatuses } from "../../common/people";
import {
  childChange,
  childInput,
  enrolmentInput,
  guardianChange,
  guardianInput,
  promotionInput,
  registerQuery,
} from "../../common/schemas/register";
import { requireAdmin } from "../domain/actor";
import { setEnrolment } from "../domain/register/enrolment";
import { addGuardian, changeGuardian, removeGuardian } from "../domain/register/guardians";
import { importRegister } from "../domain/register/import";
import { listRegister } from "../domain/register/list";
import { setChildPhoto } from "../domain/register/photo";
import { promoteClass } from "../domain/register/promote";
import { type Child, readChild } from "../domain/register/read";
import { addChild, changeChild } from "../domain/register/save";
import { sheetError } from "../exam-results/marks-sheet";
import { registerTemplate } from "../register-sheet/layout";
import { readRegisterSheet } from "../register-sheet/reading";
import { Answer, endpoint, FileAnswer } from "./endpoint";

const tag = "Register of students";
const idParams = z.object({ id: z.string().max(100) });

const enrolmentWire = z.object({
  session: z.string(),
  class: z.string(),
  section: z.string().nullable(),
  roll: z.string(),
  registration: z.string(),
});
const imageWire = z.object({
  url: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  srcset: z.string().optional(),
  fallbackUrl: z.string().optional(),
});
export const childWire = z.object({
  id: z.string(),
  name: z.string(),
  nameBn: z.string(),
  dateOfBirth: z.string().nullable(),
  birthRegistration: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  status: z.enum(registerStatuses),
  hasAccount: z.boolean(),
  photo: imageWire.nullable(),
  enrolments: z.array(enrolmentWire.extend({ id: z.string() })),
  guardians: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      relation: z.enum(guardianRelations),
      phone: z.string().nullable(),
      linked: z.boolean(),
    }),
  ),
  updatedAt: z.string(),
});
const listWire = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  children: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      nameBn: z.string(),
      gender: z.enum(genders).nullable(),
      status: z.enum(registerStatuses),
      dateOfBirth: z.string().nullable(),
      enrolment: enrolmentWire.nullable(),
      guardians: z.number().int(),
    }),
  ),
});
const sheetErrorWire = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
  key: z.string().meta({ description: "The message's code (see Error)" }),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
const importedWire = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  rows: z.array(
    z.object({
      line: z.number().int(),
      action: z.enum(["add", "update"]),
      name: z.string(),
      session: z.string(),
      class: z.string(),
      section: z.string().nullable(),
      roll: z.string(),
      registration: z.string(),
      guardians: z.number().int(),
    }),
  ),
  errors: z.array(sheetErrorWire),
});
const sheetRefusal = z.object({
  error: z.object({
    code: z.literal("invalid_sheet"),
    message: z.string(),
    key: z.literal("register.sheetProblems"),
    params: z.object({ count: z.number().int() }),
  }),
  added: z.literal(0),
  updated: z.literal(0),
  rows: z.array(z.never()),
  errors: z.array(sheetErrorWire),
});
const promotionWire = z.object({
  promoted: z.array(
    z.object({ id: z.string(), name: z.string(), roll: z.string(), section: z.string().nullable() }),
  ),
  skipped: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      roll: z.string(),
      reason: z.enum(["enrolled", "rollTaken", "registrationTaken"]),
    }),
  ),
});

const checkQuery = z.strictObject({
  check: z
    .enum(["1", "0"], { error: "check must be 1 or 0" })
    .transform((value) => value === "1")
    .optional(),
});

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const csvType = "text/csv; charset=utf-8";

const located = (child: Child) => new Answer(child, { Location: `/api/register/students/${child.id}` });

export const registerEndpoints = [
  endpoint({
    method: "GET",
    paths: ["/register/students"],
    summary:
      "The register, a page at a time: `q` searches names in English or Bangla, registration, roll and birth " +
      "registration numbers; `session`, `class`, `section` and `status` filter. Each child comes with their " +
      "enrolment in the session asked for, or their newest. A class's list is in roll order, any other by name.",
    tag,
    access: "admin",
    query: registerQuery,
    noStore: true,
    response: listWire,
    handle: ({ services, actor, query }) => listRegister(services.db, actor, query),
  }),
  endpoint({
    method: "POST",
    paths: ["/register/students"],
    summary:
      "Add a child to the register: name (up to 100 letters), name in Bangla, date of birth, birth registration " +
      "number (17 digits, Bangla digits accepted), gender, status, and optionally their `enrolment` in a session",
    tag,
    access: "admin",
    body: childInput.extend({ enrolment: enrolmentInput.optional() }),
    status: 201,
    responseHeaders: ["Location"],
    response: childWire,
    errors: { "409": "The birth registration number, roll or registration number is another child's" },
    handle: async ({ services, actor, body }) => located(await addChild(services, actor, body)),
  }),
  endpoint({
    method: "GET",
    paths: ["/register/students/:id"],
    summary: "One child on the register, with every session's enrolment (newest first) and their guardians",
    tag,
    access: "admin",
    params: idParams,
    noStore: true,
    response: childWire,
    errors: { "404": "No such child" },
    handle: ({ services, actor, params }) => readChild(services, actor, params.id),
  }),
  endpoint({
    method: "PATCH",
    paths: ["/register/students/:id"],
    summary: "Change a child's record: only the fields sent",
    tag,
    access: "admin",
    params: idParams,
    body: childChange,
    response: childWire,
    errors: { "404": "No such child", "409": "The birth registration number is another child's" },
    handle: ({ services, actor, params, body }) => changeChild(services, actor, params.id, body),
  }),
  endpoint({
    method: "PUT",
    paths: ["/register/students/:id/enrolment"],
    summary:
      "Enrol the child in a session (class, section, roll, registration), or change their enrolment in it: " +
      "one enrolment per child per session",
    tag,
    access: "admin",
    params: idParams,
    body: enrolmentInput,
    response: childWire,
    errors: {
      "404": "No such child",
      "409": "The roll or registration number is another child's in that session",
    },
    handle: ({ services, actor, params, body }) => setEnrolment(services, actor, params.id, body),
  }),
  endpoint({
    method: "PUT",
    paths: ["/register/students/:id/photo"],
    summary: "Set the child's photo: an image file `photo` (multipart, JPEG, PNG, WebP or AVIF)",
    tag,
    access: "admin",
    params: idParams,
    body: z.strictObject({}),
    acceptsFiles: true,
    fileFields: ["photo"],
    response: childWire,
    errors: { "404": "No such child", "413": "The image is too large", "415": "The file is not an image" },
    handle: ({ services, actor, params, files }) => setChildPhoto(services, actor, params.id, files.photo),
  }),
  endpoint({
    method: "DELETE",
    paths: ["/register/students/:id/photo"],
    summary: "Remove the child's photo",
    tag,
    access: "admin",
    params: idParams,
    response: childWire,
    errors: { "404": "No such child" },
    handle: ({ services, actor, params }) =>
      setChildPhoto(services, actor, params.id, null, { remove: true }),
  }),
  endpoint({
    method: "POST",
    paths: ["/register/students/:id/guardians"],
    summary:
      "Add a guardian to the child: name, relation (father, mother, guardian) and a Bangladeshi mobile number, " +
      "stored as +8801XXXXXXXXX (the number a linking code goes to)",
    tag,
    access: "admin",
    params: idParams,
    body: guardianInput,
    status: 201,
    responseHeaders: ["Location"],
    response: childWire,
    errors: { "404": "No such child" },
    handle: async ({ services, actor, params, body }) =>
      located(await addGuardian(services, actor, params.id, body)),
  }),
  endpoint({
    method: "PATCH",
    paths: ["/register/guardians/:id"],
    summary: "Change a guardian's name, relation or phone (only the fields sent); answers their child",
    tag,
    access: "admin",
    params: idParams,
    body: guardianChange,
    response: childWire,
    errors: { "404": "No such guardian" },
    handle: ({ services, actor, params, body }) => changeGuardian(services, actor, params.id, body),
  }),
  endpoint({
    method: "DELETE",
    paths: ["/register/guardians/:id"],
    summary:
      "Remove a guardian from the register (a linked account no longer sees the child); answers their child",
    tag,
    access: "admin",
    params: idParams,
    response: childWire,
    errors: { "404": "No such guardian" },
    handle: ({ services, actor, params }) => removeGuardian(services, actor, params.id),
  }),
  endpoint({
    method: "POST",
    paths: ["/register/import"],
    summary:
      "Import the register from a sheet (multipart `file`, CSV or XLSX, the template's columns: session, class, " +
      "section, roll, registration, name, name in Bangla, date of birth, birth registration, gender, status, " +
      "and one or two guardians' name, relation and phone). A row whose registration or birth registration " +
      "number is on the register updates that child; any other adds one. With any error nothing is saved and " +
      "every error is told with its row and column. `?check=1` only previews: every row with what the import " +
      "would do, nothing saved.",
    tag,
    access: "admin",
    query: checkQuery,
    body: z.strictObject({}),
    acceptsFiles: true,
    filesOnlyRead: true,
    fileFields: ["file"],
    response: importedWire,
    errors: { "413": "The file is too large" },
    responses: {
      "422": {
        description: "The sheet has errors (each with its row and column): nothing was imported",
        schema: sheetRefusal,
      },
    },
    handle: async ({ services, actor, query, files }) => {
      requireAdmin(actor);
      const sheet = files.file
        ? await readRegisterSheet(files.file)
        : { rows: [], errors: [sheetError(0, "file", problem("exam.fileRequired"))] };
      const answer = await importRegister(services.db, actor, sheet.rows, sheet.errors, {
        check: query.check,
      });
      if (answer.errors.length === 0) return answer;
      const found = problem("register.sheetProblems", { count: answer.errors.length });
      return new Answer(
        { error: { code: "invalid_sheet", message: englishOf(found), ...found }, ...answer },
        {},
        422,
      );
    },
  }),
  endpoint({
    method: "GET",
    paths: ["/register/template"],
    summary:
      "The register's sheet to fill in: its columns and two example rows, as XLSX (`format=xlsx`) or CSV",
    tag,
    access: "admin",
    query: z.strictObject({
      format: z.enum(["xlsx", "csv"], { error: "format must be xlsx or csv" }).default("xlsx"),
    }),
    noStore: true,
    response: z.never(),
    fileTypes: [xlsxType, "text/csv"],
    responseHeaders: ["Content-Disposition"],
    handle: async ({ actor, query }) => {
      requireAdmin(actor);
      const bytes = await registerTemplate(query.format);
      return new FileAnswer(bytes, query.format === "xlsx" ? xlsxType : csvType, {
        "Content-Disposition": `attachment; filename="register.${query.format}"`,
      });
    },
  }),
  endpoint({
    method: "POST",
    paths: ["/register/promotions"],
    summary:
      "Promote a class to the next session in one step: every studying child of `fromClass` in `fromSession` " +
      "(or of `fromSection`) is enrolled in `toClass` in `toSession`, rolls kept (`keep`) or numbered after the " +
      "new class's highest by the old roll (`byRoll`), by name (`byName`) or by the last published result " +
      "(`byResult`). Children already enrolled in the new session, or whose roll or registration is taken " +
      "there, are skipped and listed.",
    tag,
    access: "admin",
    body: promotionInput,
    response: promotionWire,
    handle: ({ services, actor, body }) => promoteClass(services.db, actor, body),
  }),
];
