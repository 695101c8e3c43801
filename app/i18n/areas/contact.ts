// Texts of the contact pages.
const en = {} as const;

const bn: Record<keyof typeof en, string> = {};

export const contactMessages = { en, bn };
