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
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { loginInput } from "../../common/schemas/users";
import { FormError } from "../components/form-error";
import { callAuth, redirectWithAuthCookies } from "../lib/auth-calls.server";
import { useI18n } from "../lib/i18n";
import { pageTitle } from "../lib/meta";
import { pageOf } from "../lib/page.server";
import { safeRedirect } from "../lib/safe-redirect";
import { fieldErrorsOf, useSchemaForm } from "../lib/use-schema-form";
import type { Route } from "./+types/login";

export function loader({ context }: Route.LoaderArgs) {
  const { actor } = pageOf(context);
  return { signedInAs: actor.kind === "user" ? actor.email : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const redirectTo = safeRedirect(form.redirectTo);
  const parsed = loginInput.safeParse(form);
  if (!parsed.success) return data({ error: null, fields: fieldErrorsOf(parsed.error) }, { status: 400 });
  const result = await callAuth(context, "/sign-in/email", {
    email: parsed.data.email,
    password: parsed.data.password,
  });
  if (!result.ok)
    return data({ error: result.message ?? "Sign-in failed", fields: {} }, { status: result.status });
  return redirectWithAuthCookies(request, result, redirectTo, "login.success");
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "login.heading");

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/login");
  const { onSubmit, onFocus, fieldError } = useSchemaForm(
    () => import("../../common/schemas/users").then((m) => m.loginInput),
    actionData?.fields,
  );
  const registerHref = redirectTo ? `/register?${new URLSearchParams({ redirectTo })}` : "/register";
  return (
    <Container size="xs">
      <Paper withBorder p="lg" className="auth-card">
        <Title order={1} mb="md">
          {t("login.heading")}
        </Title>
        {loaderData.signedInAs && redirectTo ? (
          <Text mb="sm">{t("login.signedInAs", { email: loaderData.signedInAs })}</Text>
        ) : null}
        <Form method="post" noValidate onSubmit={onSubmit} onFocus={onFocus} aria-label={t("login.heading")}>
          <Stack gap="sm">
            <FormError message={actionData?.error ? te(actionData.error) : null} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <TextInput
              name="email"
              type="email"
              label={t("login.email")}
              autoComplete="email"
              required
              error={fieldError("email")}
            />
            <PasswordInput
              name="password"
              label={t("login.password")}
              autoComplete="current-password"
              required
              error={fieldError("password")}
            />
            <Button type="submit" loading={busy}>
              {t("login.submit")}
            </Button>
            <Text size="sm">
              {t("login.noAccount")}{" "}
              <Anchor component={Link} to={registerHref}>
                {t("login.createAccount")}
              </Anchor>
            </Text>
          </Stack>
        </Form>
      </Paper>
    </Container>
  );
}
