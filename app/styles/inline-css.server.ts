// The public site's stylesheets, inlined into every page's <head> by entry.server.tsx: together
// they are a few KB, and a stylesheet request would hold back the first paint by a round trip on
// slow networks. (The dashboard's Mantine CSS is a normal stylesheet of its routes.)

import ui from "../ui/ui.css?inline";
import cart from "./cart.css?inline";
import details from "./details.css?inline";
import fonts from "./fonts.css?inline";
import home from "./home.css?inline";
import lists from "./lists.css?inline";
import profile from "./profile.css?inline";
import results from "./results.css?inline";
import routines from "./routines.css?inline";
import site from "./site.css?inline";

export const inlineCss = fonts + ui + site + home + lists + details + cart + profile + results + routines;
