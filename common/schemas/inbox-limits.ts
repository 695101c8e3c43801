// The inbox's length limits, apart from zod so the compose form can set maxLength without
// loading the schema up front.
export const inboxLimits = { to: 254, subject: 200, body: 10000 } as const;
