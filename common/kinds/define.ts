// What a kind of content is: one definition each (common/kinds/<kind>.ts), the part any side
// may read, with a server part beside it (server/domain/<kind>.ts: its table, hooks and REST
// names). The dashboard's menu, forms and lists, the overview's counts, the audit trail's
// subjects, the delete question, the sitemap, the collections' rules and the REST calls are
// made from them (docs/adding-a-kind-of-content.md). Nothing here loads zod: a field's rule is
// a function of the rule kit (common/schemas/content.ts), called where the kit is loaded.
import type { z } from "zod";
import type { MessageKey } from "../../i18n/en";
import type { Phrase } from "../../i18n/translate";
import type { RuleKit } from "../schemas/content";

/** The form widget a field is entered with. */
export type FieldWidget =
  | "text"
  | "textarea"
  | "email"
  | "select"
  | "number"
  | "url"
  | "datetime-local"
  | "checkbox"
  /** A document (the downloads' file): sent as a file, stored by the server's documents' store. */
  | "file"
  /** A record of another kind (`references`), chosen from a list of them; empty for none. */
  | "reference";

/** The kinds whose records another kind's field may point at. */
export type ReferencedKind = "downloads";

/** A field's rule: what a record's value must be, on both sides (the server and the forms). */
export type FieldRule = (r: RuleKit) => z.ZodType;

export type KindField = {
  /** The domain's plain English name of the field (the record's key, its column). */
  name: string;
  /** Its rule; none: it is not part of the record's input (a download's file comes beside it). */
  rule?: FieldRule;
  /** The add and edit form's widget; none: the form does not show it (a review's status). */
  widget?: FieldWidget;
  /** The form's label (with a widget): a text the dashboard's forms share, or the kind's own. */
  label?: MessageKey | Phrase;
  required?: boolean;
  /** For selects: stored values and their labels. */
  options?: readonly { value: string; label: MessageKey }[];
  /** For references: the kind whose records are offered, by their titles. */
  references?: ReferencedKind;
};

/** A field the add and edit forms show. */
export type FormField = Omit<KindField, "widget" | "label"> & {
  widget: FieldWidget;
  label: MessageKey | Phrase;
};

/** A kind's names, in English and Bangla (a missing one fails the type check). */
export type KindTexts = {
  /**
   * One record's name in messages: "Event not found", "Invalid event" (the label code is the
   * kind's `one`; server/domain's refusals name the kind by it).
   */
  label: Phrase;
  /** The overview's card of its count. */
  overview: Phrase;
  /** The audit trail's subject. */
  audit: Phrase;
  /** The delete question's name for one record and for several ("Delete these 3 notices?"). */
  deleteOne: Phrase;
  deleteOther: Phrase;
};

/** The names of a kind with an add page: its dashboard list (menu link and heading), add link, form heading. */
export type FormKindTexts = KindTexts & { menu: Phrase; add: Phrase; heading: Phrase };

/** A list filter's rule; `closed`: its values are a fixed list, and another value is refused. */
export type FilterRule = { rule: z.ZodType<string>; closed?: true };

export type KindDefinition = {
  /** One record's name, in lower case: the audit trail's subject, the add form's kind, its label code. */
  one: string;
} & (
  | {
      /** The dashboard's add page (the specification's spelling). */
      addPath: string;
      texts: FormKindTexts;
    }
  | {
      /** None: the kind has no add page, list or edit page of its own (comments). */
      addPath: null;
      texts: KindTexts;
    }
) & {
    /** The public list page, for the sitemap and the menu, or null. */
    publicPath: string | null;
    /** The field a record is called by in lists, the audit trail and questions; a search looks in it. */
    titleField: string;
    /** The date the dashboard's list shows beside the title: when the record was added, unless said. */
    listDate?: string;
    /** Whether records carry an image, and whether one is required. */
    image: "none" | "optional" | "required";
    /** Records wait for an admin's review (a `status` field: pending, approved, rejected). */
    reviewed: boolean;
    /**
     * Who may add records (admins; teachers too, their records waiting for review; or any
     * signed-in user), and who may change and delete them.
     */
    access: { create: "admin" | "teacher" | "user"; change: "admin" | "authorOrAdmin" };
    /** The record's fields, in the form's order: the input is those with a rule, the form those with a widget. */
    fields: readonly KindField[];
    /** List filters beyond the search (`q`), by field name, with the rule of their values. */
    filters?: (r: RuleKit) => Record<string, FilterRule>;
  };

/** A kind's definition, as written (its names and fields keep their literal types). */
export const defineKind = <const D extends KindDefinition>(definition: D): D => definition;

/** The fields of a definition that the add and edit forms show, in order. */
export const formFieldsOf = (definition: KindDefinition): readonly FormField[] =>
  definition.fields.filter(
    (field): field is FormField => field.widget !== undefined && field.label !== undefined,
  );
