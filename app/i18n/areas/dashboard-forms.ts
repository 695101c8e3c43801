// Texts of the dashboard's forms screens.
const en = {} as const;

const bn: Record<keyof typeof en, string> = {};

export const dashboardFormsMessages = { en, bn };
