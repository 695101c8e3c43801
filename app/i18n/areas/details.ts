// Texts of the details pages.
const en = {} as const;

const bn: Record<keyof typeof en, string> = {};

export const detailsMessages = { en, bn };
