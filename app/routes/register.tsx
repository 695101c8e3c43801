import {
  Anchor,
  Button,
  Container,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { data, Form, Link, useNavigation } from "react-router";
import { passwordMismatch } from "../../common/schemas/messages";
import { registerInput } from "../../common/schemas/users";
import { FormError } from "../components/form-error";
import { callAuth, redirectWithAuthCookies } from "../lib/auth-calls.server";
import { useI18n } from "../lib/i18n";
import { pageTitle } from "../lib/meta";
import { fieldErrorsOf, useSchemaForm } from "../lib/use-schema-form";
import type { Route } from "./+types/register";

// The earlier product still created the account when the two passwords differed; we refuse
// (docs/decisions/0003-refuse-registration-on-password-mismatch.md).
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = registerInput.safeParse(form);
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    const mismatch = fields.retypePassword === passwordMismatch;
    return data({ error: mismatch ? passwordMismatch : null, fields }, { status: 400 });
  }
  const result = await callAuth(context, "/sign-up/email", {
    name: parsed.data.displayName,
    email: parsed.data.email,
    password: parsed.data.password,
  });
  if (!result.ok)
    return data({ error: result.message ?? "Registration failed", fields: {} }, { status: result.status });
  return redirectWithAuthCookies(request, result, "/", "register.success");
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "register.heading");

export default function Register({ actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/register");
  const { onSubmit, onFocus, errors, fieldError } = useSchemaForm(
    () => import("../../common/schemas/users").then((m) => m.registerInput),
    actionData?.fields,
  );
  // The specification's banner for the mismatch, whether found here or by the server.
  const banner = errors.retypePassword === passwordMismatch ? passwordMismatch : actionData?.error;
  return (
    <Container size="xs">
      <Paper withBorder p="lg" className="auth-card">
        <Title order={1} mb="md">
          {t("register.heading")}
        </Title>
        <Form
          method="post"
          noValidate
          onSubmit={onSubmit}
          onFocus={onFocus}
          aria-label={t("register.heading")}
        >
          <Stack gap="sm">
            <FormError message={banner ? te(banner) : null} />
            <TextInput
              name="displayName"
              label={t("register.displayName")}
              autoComplete="name"
              required
              maxLength={50}
              error={fieldError("displayName")}
            />
            <TextInput
              name="email"
              type="email"
              label={t("register.email")}
              autoComplete="email"
              required
              error={fieldError("email")}
            />
            <PasswordInput
              name="password"
              label={t("register.password")}
              autoComplete="new-password"
              required
              error={fieldError("password")}
            />
            <PasswordInput
              name="retypePassword"
              label={t("register.retypePassword")}
              autoComplete="new-password"
              required
              error={fieldError("retypePassword")}
            />
            <Button type="submit" loading={busy}>
              {t("register.submit")}
            </Button>
            <Text size="sm">
              {t("register.haveAccount")}{" "}
              <Anchor component={Link} to="/login">
                {t("register.login")}
              </Anchor>
            </Text>
          </Stack>
        </Form>
      </Paper>
    </Container>
  );
}
