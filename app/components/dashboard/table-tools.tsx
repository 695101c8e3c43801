// The dashboard's tables (content lists, orders, accounts, audit trail): their box, which makes
// each row a card on a phone, their labelled cells, the search box and the page links. Search and
// page live in the address (?q=, ?page=), so links, reloads and the back button keep them.
import {
  Button,
  Checkbox,
  Group,
  Pagination,
  Table,
  type TableTdProps,
  type TableThProps,
  TextInput,
} from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { lettersAsCodeUnits } from "../../../common/text-rules";
import { useI18n } from "../../lib/i18n";

/**
 * A table's box. From 600 px wide the table keeps `minWidth` and scrolls sideways inside the box
 * when the screen is narrower; below, each row is a card with each cell on its own line beside its
 * column's name (app/styles/dashboard.css). It stays a table: the column headers are hidden from
 * sight only, so screen readers announce them as on a wide screen.
 */
export function TableBox({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  const style = { "--dashboard-table-min-width": `${minWidth}px` } as CSSProperties;
  return (
    <div className="dashboard-table" style={style}>
      {children}
    </div>
  );
}

/**
 * A body cell of a TableBox table: `label` is its column's name, shown beside it on a phone (a
 * data-label attribute). Its content is held in one box, so text and badges stay on one line.
 */
export function Cell({ label, children, ...props }: TableTdProps & { label: string }) {
  const empty = children === null || children === undefined || children === false || children === "";
  return (
    <Table.Td data-label={label} {...props}>
      {empty ? null : <div className="dashboard-table__value">{children}</div>}
    </Table.Td>
  );
}

/**
 * A column header that stays in sight on a phone, with `label` beside it: one holding a control
 * for the whole table (select all), which must not be hidden while it can take the focus.
 */
export function ControlHeader({ label, children, ...props }: TableThProps & { label: string }) {
  return (
    <Table.Th data-label={label} data-control="" {...props}>
      {children}
    </Table.Th>
  );
}

/** The header cell whose box selects every row of the page (`ids`), or none. */
export function SelectAllHeader({
  ids,
  selected,
  onChange,
}: {
  ids: readonly string[];
  /** The selected rows among `ids`. */
  selected: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useI18n();
  const label = t("contentLists.selectAll");
  return (
    <ControlHeader scope="col" label={label}>
      <Checkbox
        aria-label={label}
        checked={selected.length === ids.length}
        indeterminate={selected.length > 0 && selected.length < ids.length}
        onChange={(event) => onChange(event.currentTarget.checked ? [...ids] : [])}
      />
    </ControlHeader>
  );
}

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
          maxLength={lettersAsCodeUnits(100)}
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
