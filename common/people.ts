// The institute's people: the roles an account may hold, and the fixed lists of the register of
// students. Shared by the database's checks, the schemas, the pages and the API.

/**
 * Roles an account may hold, several at once (Better Auth's admin plugin keeps them in
 * `users.role` as a comma separated list). An account with none of these is a plain "user".
 */
export const roles = ["admin", "teacher", "accountant", "guardian", "student"] as const;
export type Role = (typeof roles)[number];

/** A student on the register: still taught here, gone elsewhere, or finished. */
export const registerStatuses = ["studying", "left", "graduated"] as const;
export type RegisterStatus = (typeof registerStatuses)[number];

export const genders = ["male", "female", "other"] as const;
export type Gender = (typeof genders)[number];

/** How a guardian on the register is related to the child. */
export const guardianRelations = ["father", "mother", "guardian"] as const;
export type GuardianRelation = (typeof guardianRelations)[number];
