import { useI18n } from "../lib/i18n";
import { PasswordField } from "../ui";

/** A new password and the same typed again (registration, change, reset). */
export function NewPasswordFields({
  name = "password",
  labels,
  fieldError,
}: {
  /** The first field's name; the second is always retypePassword. */
  name?: string;
  labels: [string, string];
  fieldError: (name: string) => string | undefined;
}) {
  const { t } = useI18n();
  const toggle = { showLabel: t("a11y.showPassword"), hideLabel: t("a11y.hidePassword") };
  return (
    <>
      <PasswordField
        name={name}
        label={labels[0]}
        autoComplete="new-password"
        required
        error={fieldError(name)}
        {...toggle}
      />
      <PasswordField
        name="retypePassword"
        label={labels[1]}
        autoComplete="new-password"
        required
        error={fieldError("retypePassword")}
        {...toggle}
      />
    </>
  );
}
