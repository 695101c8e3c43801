// Stored values (English, as the specification spells them) to the keys of their labels.
import type { MessageKey } from "../../../i18n/translate";

const classKeys: Record<string, MessageKey> = {
  "class one": "lists.class.one",
  "class two": "lists.class.two",
  "class three": "lists.class.three",
  "class four": "lists.class.four",
  "class five": "lists.class.five",
  "class six": "lists.class.six",
  "class seven": "lists.class.seven",
  "class eight": "lists.class.eight",
  "class nine": "lists.class.nine",
  "class ten": "lists.class.ten",
  alim: "lists.class.alim",
};

const positionKeys: Record<string, MessageKey> = {
  principal: "lists.position.principal",
  "vice-principal": "lists.position.vicePrincipal",
  teacher: "lists.position.teacher",
};

/** The label of a class ("Class Eight"), or undefined for a value we do not know. */
export const classLabelKey = (value: string) => classKeys[value.trim().toLowerCase()];

/** The label of a teacher's position ("vice-principal"), or undefined for one we do not know. */
export const positionLabelKey = (value: string) => positionKeys[value.trim().toLowerCase()];
