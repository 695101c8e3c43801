// One child on the register as the dashboard and the API show them: the record, the photo, every
// session's enrolment (newest first) and the guardians. Admins only: the register is never public.
import { asc, desc, eq } from "drizzle-orm";
import { uuidPattern } from "../../../common/ids";
import type { Gender, GuardianRelation, RegisterStatus } from "../../../common/people";
import {
  enrolments,
  registerGuardians,
  registerStudents,
  schoolClasses,
  uploadedFiles,
} from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import { type Actor, requireAdmin } from "../actor";
import type { ImageStore, ImageView } from "../content/collection";
import { notFound } from "../errors";

export type ChildEnrolment = {
  id: string;
  session: string;
  class: string;
  section: string | null;
  roll: string;
  registration: string;
};

export type ChildGuardian = {
  id: string;
  name: string;
  relation: GuardianRelation;
  phone: string | null;
  /** The guardian's account is linked (they see the child's marksheets). */
  linked: boolean;
};

export type Child = {
  id: string;
  name: string;
  nameBn: string;
  dateOfBirth: string | null;
  birthRegistration: string | null;
  gender: Gender | null;
  status: RegisterStatus;
  /** The child's own account is linked. */
  hasAccount: boolean;
  photo: ImageView | null;
  enrolments: ChildEnrolment[];
  guardians: ChildGuardian[];
  updatedAt: string;
};

/** The stores a child's record needs besides the database: the photo's. */
export type RegisterContext = { db: DatabaseOrTransaction; images: Pick<ImageStore, "view"> };

export async function readChild(ctx: RegisterContext, actor: Actor, id: string): Promise<Child> {
  requireAdmin(actor);
  return childById(ctx, id);
}

/** The child, without the permission check (for the domain's own answers after a change). */
export async function childById(ctx: RegisterContext, id: string): Promise<Child> {
  if (!uuidPattern.test(id)) throw notFound("child");
  const { db } = ctx;
  const [row] = await db
    .select({ child: registerStudents, file: uploadedFiles })
    .from(registerStudents)
    .leftJoin(uploadedFiles, eq(uploadedFiles.id, registerStudents.imageFileId))
    .where(eq(registerStudents.id, id));
  if (!row) throw notFound("child");
  const [sessions, guardians] = await Promise.all([
    db
      .select({
        id: enrolments.id,
        session: enrolments.session,
        class: schoolClasses.name,
        section: enrolments.section,
        roll: enrolments.roll,
        registration: enrolments.registration,
      })
      .from(enrolments)
      .innerJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId))
      .where(eq(enrolments.registerStudentId, id))
      .orderBy(desc(enrolments.session)),
    db
      .select()
      .from(registerGuardians)
      .where(eq(registerGuardians.registerStudentId, id))
      .orderBy(asc(registerGuardians.createdAt), asc(registerGuardians.relation), asc(registerGuardians.id)),
  ]);
  const { child, file } = row;
  return {
    id: child.id,
    name: child.name,
    nameBn: child.nameBn,
    dateOfBirth: child.dateOfBirth,
    birthRegistration: child.birthRegistration,
    gender: child.gender ?? null,
    status: child.status,
    hasAccount: child.userId !== null,
    photo: file ? ctx.images.view(file) : null,
    enrolments: sessions,
    guardians: guardians.map((g) => ({
      id: g.id,
      name: g.name,
      relation: g.relation,
      phone: g.phone,
      linked: g.userId !== null,
    })),
    updatedAt: child.updatedAt.toISOString(),
  };
}
