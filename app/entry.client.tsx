import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { config as zodConfig } from "zod/v4/core";

// The Content-Security-Policy allows no eval in the browser: zod would compile its object parsers
// with new Function, and its probe for that is reported as a CSP violation even though it is
// caught. The forms' schemas run without it (the server keeps zod's compiled parsers).
zodConfig({ jitless: true });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
