// The search box and page links of the dashboard's tables (accounts, subscribers, content lists).
// Both live in the address (?q=, ?page=), so links, reloads and the back button keep them.
import { Button, Group, Pagination, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { useI18n } from "../../lib/i18n";

export function TableSearch({
  label,
  submitLabel,
  defaultValue,
  children,
}: {
  label: string;
  submitLabel: string;
  defaultValue: string;
  /** Further fields of the same form (a sort order, say). */
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search">
      <Group align="end" gap="sm" mb="md" wrap="wrap">
        <TextInput
          name="q"
          type="search"
          label={label}
          defaultValue={defaultValue}
          maxLength={100}
          style={{ flex: "1 1 220px" }}
        />
        {children}
        <Button type="submit" variant="default">
          {submitLabel}
        </Button>
      </Group>
    </Form>
  );
}

/**
 * Page links (real links: they work without JavaScript and open in a new tab). A banner of the
 * page it came from (?notice=) is not carried to the next page.
 */
export function TablePagination({ pages, page }: { pages: number; page: number }) {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  if (pages <= 1) return null;
  const pageHref = (next: number) => {
    const params = new URLSearchParams(searchParams);
    params.delete("notice");
    params.set("page", String(next));
    return `?${params}`;
  };
  return (
    <Pagination
      mt="md"
      total={pages}
      value={page}
      getItemProps={(item) => ({ component: Link, to: pageHref(item) })}
      getControlProps={(control) => {
        const target = control === "previous" ? page - 1 : control === "next" ? page + 1 : null;
        const label =
          control === "previous"
            ? t("people.page.previous")
            : control === "next"
              ? t("people.page.next")
              : undefined;
        return target !== null && target >= 1 && target <= pages
          ? { component: Link, to: pageHref(target), "aria-label": label }
          : { "aria-label": label };
      }}
      withEdges={false}
    />
  );
}
