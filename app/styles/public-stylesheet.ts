// The whole public stylesheet in the browser: a page comes with only the rules its markup uses
// (page-css.server.ts), so this file, cached for every later page, is there for what script shows
// next. Inserted by script, it holds back no paint of the page already shown.
import href from "./public.css?url";

let loaded: Promise<void> | undefined;

/** Adds the stylesheet once; settles when it has loaded, or failed (a page shows either way). */
export function loadPublicStylesheet(): Promise<void> {
  loaded ??= new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
  return loaded;
}
