// The register's form fields, shared by the list's add form and a child's page: the record, an
// enrolment and a guardian. Plain inputs in a plain form: every page works without script, and
// each refusal shows beside its field in the reader's language.
import { NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import type { Problem } from "../../../common/errors/problem";
import { genders, guardianRelations, registerStatuses } from "../../../common/people";
import { useI18n } from "../../lib/i18n";

export type Fields = Record<string, Problem> | undefined;

/** Mantine's dimmed help text is under AA contrast on white: a darker grey. */
const helpStyles = { description: { color: "var(--mantine-color-gray-8)" } };

/** A field's refusal in words, when there is one. */
function useFieldError(fields: Fields, prefix = "") {
  const { te } = useI18n();
  return (name: string) => {
    const found = fields?.[`${prefix}${name}`] ?? fields?.[name];
    return found ? te(found) : undefined;
  };
}

export type ChildValues = {
  name?: string;
  nameBn?: string;
  dateOfBirth?: string | null;
  birthRegistration?: string | null;
  gender?: string | null;
  status?: string;
};

export function ChildFields({
  values = {},
  fields,
  withStatus,
}: {
  values?: ChildValues;
  fields: Fields;
  withStatus?: boolean;
}) {
  const { t } = useI18n();
  const error = useFieldError(fields);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        name="name"
        label={t("registerPage.name")}
        required
        defaultValue={values.name ?? ""}
        error={error("name")}
        autoComplete="off"
      />
      <TextInput
        name="nameBn"
        label={t("registerPage.nameBn")}
        lang="bn"
        defaultValue={values.nameBn ?? ""}
        error={error("nameBn")}
        autoComplete="off"
      />
      <TextInput
        name="dateOfBirth"
        type="date"
        label={t("registerPage.dateOfBirth")}
        defaultValue={values.dateOfBirth ?? ""}
        error={error("dateOfBirth")}
      />
      <TextInput
        name="birthRegistration"
        label={t("registerPage.birthRegistration")}
        description={t("registerPage.birthRegistrationHelp")}
        styles={helpStyles}
        inputMode="numeric"
        defaultValue={values.birthRegistration ?? ""}
        error={error("birthRegistration")}
        autoComplete="off"
      />
      <NativeSelect
        name="gender"
        label={t("registerPage.gender")}
        defaultValue={values.gender ?? ""}
        error={error("gender")}
        data={[
          { value: "", label: t("registerPage.gender.none") },
          ...genders.map((value) => ({ value, label: t(`registerPage.gender.${value}`) })),
        ]}
      />
      {withStatus ? (
        <NativeSelect
          name="status"
          label={t("registerPage.status")}
          defaultValue={values.status ?? "studying"}
          error={error("status")}
          data={registerStatuses.map((value) => ({ value, label: t(`registerPage.status.${value}`) }))}
        />
      ) : null}
    </SimpleGrid>
  );
}

/** Session, class, section, roll, registration; `prefix` names them apart in a larger form. */
export function EnrolmentFields({
  classes,
  fields,
  prefix = "",
  required = true,
}: {
  classes: string[];
  fields: Fields;
  prefix?: string;
  required?: boolean;
}) {
  const { t } = useI18n();
  const error = useFieldError(fields, prefix ? "enrolment." : "");
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
      <TextInput
        name={`${prefix}session`}
        label={t("registerPage.session")}
        placeholder="2026"
        required={required}
        error={error("session")}
        inputMode="numeric"
      />
      <NativeSelect
        name={`${prefix}class`}
        label={t("registerPage.class")}
        required={required}
        error={error("class")}
        data={[{ value: "", label: "—" }, ...classes.map((name) => ({ value: name, label: name }))]}
      />
      <TextInput name={`${prefix}section`} label={t("registerPage.section")} error={error("section")} />
      <TextInput
        name={`${prefix}roll`}
        label={t("registerPage.roll")}
        required={required}
        error={error("roll")}
        inputMode="numeric"
      />
      <TextInput
        name={`${prefix}registration`}
        label={t("registerPage.registration")}
        required={required}
        error={error("registration")}
        inputMode="numeric"
      />
    </SimpleGrid>
  );
}

export function GuardianFields({
  values = {},
  fields,
  idPrefix,
}: {
  values?: { name?: string; relation?: string; phone?: string | null };
  fields: Fields;
  /** Keeps the ids of several guardians' fields on one page apart. */
  idPrefix: string;
}) {
  const { t } = useI18n();
  const error = useFieldError(fields);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TextInput
        id={`${idPrefix}-name`}
        name="name"
        label={t("registerPage.guardianName")}
        defaultValue={values.name ?? ""}
        error={error("name")}
        autoComplete="off"
      />
      <NativeSelect
        id={`${idPrefix}-relation`}
        name="relation"
        label={t("registerPage.relation")}
        defaultValue={values.relation ?? "father"}
        error={error("relation")}
        data={guardianRelations.map((value) => ({ value, label: t(`registerPage.relation.${value}`) }))}
      />
      <TextInput
        id={`${idPrefix}-phone`}
        name="phone"
        type="tel"
        label={t("registerPage.phone")}
        description={t("registerPage.phoneHelp")}
        styles={helpStyles}
        defaultValue={values.phone ?? ""}
        error={error("phone")}
        autoComplete="off"
      />
    </SimpleGrid>
  );
}
