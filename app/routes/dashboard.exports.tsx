// /DeashBoard/exports (admins): every kind of record to download as CSV, XLSX or JSON
// (/DeashBoard/export/KIND.FORMAT), the same files as `npm run export`.

import { Anchor, Group, Table, Text, Title } from "@mantine/core";
import { href } from "react-router";
import { type KindName, kindNamed } from "../../common/kinds";
import type { TextRef } from "../../i18n";
import { type ExportKind, exportFormats, exportKindNames } from "../../server/backup/export";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { kindTexts } from "../components/dashboard/kind-texts";
import { useI18n } from "../lib/i18n";
import { requireAdminPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.exports";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "exports.heading");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = personalPage;

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return { kinds: exportKindNames, formats: [...exportFormats] };
}

/**
 * An export's name in the reader's language: a kind of content's is its overview's name (its
 * definition's, common/kinds); another export without its text fails the type check.
 */
const exportLabel = (kind: ExportKind): TextRef =>
  isKindName(kind) ? kindTexts(kind).overview : `exports.kind.${kind}`;

const isKindName = (kind: ExportKind): kind is KindName => kindNamed(kind) === kind;

export default function DashboardExports({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { kinds, formats } = loaderData;
  return (
    <>
      <Title order={2} mb="xs">
        {t("exports.heading")}
      </Title>
      <Text mb="md" maw={720}>
        {t("exports.lead")}
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table striped verticalSpacing="xs" data-testid="exports-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("exports.records")}</Table.Th>
              <Table.Th scope="col">{formats.map((format) => format.toUpperCase()).join(", ")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {kinds.map((kind) => {
              const label = t(exportLabel(kind));
              return (
                <Table.Tr key={kind} data-testid="export-row">
                  <Table.Th scope="row" fw="normal">
                    {label}
                  </Table.Th>
                  <Table.Td>
                    <Group gap="md">
                      {formats.map((format) => (
                        <Anchor
                          key={format}
                          href={href("/DeashBoard/export/:file", { file: `${kind}.${format}` })}
                          download={`maktab-${kind}.${format}`}
                          aria-label={t("exports.download", { kind: label, format: format.toUpperCase() })}
                        >
                          {format.toUpperCase()}
                        </Anchor>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
