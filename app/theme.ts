import { createTheme } from "@mantine/core";

// The specification's breakpoints (0, 600, 900, 1200, 1536 px) and an 8 px spacing unit.
export const theme = createTheme({
  primaryColor: "teal",
  primaryShade: { light: 9, dark: 6 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans Bengali', 'Noto Sans', sans-serif",
  breakpoints: { xs: "0em", sm: "37.5em", md: "56.25em", lg: "75em", xl: "96em" },
  spacing: { xs: "0.5rem", sm: "1rem", md: "1.5rem", lg: "2rem", xl: "3rem" },
  defaultRadius: "md",
});
