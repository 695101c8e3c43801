import { createTheme, Modal, Table } from "@mantine/core";

// The specification's breakpoints (0, 600, 900, 1200, 1536 px) and an 8 px spacing unit.
export const theme = createTheme({
  primaryColor: "teal",
  primaryShade: { light: 9, dark: 6 },
  fontFamily: "'Noto Sans Bengali', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
  breakpoints: { xs: "0em", sm: "37.5em", md: "56.25em", lg: "75em", xl: "96em" },
  spacing: { xs: "0.5rem", sm: "1rem", md: "1.5rem", lg: "2rem", xl: "3rem" },
  defaultRadius: "md",
  components: {
    // Mantine's hover grey (gray.1) leaves links in teal.9 at 4.5:1, just under WCAG AA for their
    // size; the palest teal keeps 4.7:1 and still stands apart from the striped rows.
    Table: Table.extend({ defaultProps: { highlightOnHoverColor: "teal.0" } }),
    // A dialog's title bar is no banner of the page: Mantine's <header> made a second banner
    // landmark beside the site's whenever a dialog was open (axe: landmark-no-duplicate-banner).
    ModalHeader: Modal.Header.extend({ defaultProps: { role: "none" } }),
  },
});
