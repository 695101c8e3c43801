import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import publicCss from "./styles/public.css?url";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

// The page came with only the rules its markup uses (styles/page-css.server.ts): the whole
// stylesheet, cached for every later page, is there for what script shows next (another page, a
// dialog, a message). Inserted by script, it does not hold back the page already shown.
const stylesheet = document.createElement("link");
stylesheet.rel = "stylesheet";
stylesheet.href = publicCss;
document.head.append(stylesheet);
