// The site's stylesheets, inlined into every page's <head> by entry.server.tsx: they are small,
// and a stylesheet request would hold back the first paint by a round trip on slow networks.

import ui from "../ui/ui.css?inline";
import site from "./site.css?inline";

export const inlineCss = ui + site;
