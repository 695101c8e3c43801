// The phone menu: a disclosure (details and summary) that opens a panel with the same links. It
// opens without script too (issue 40: on a phone with script off, ☰ opened nothing); with script
// the slide-out's keyboard rules apply (app/lib/use-slide-out.ts; on a page without React,
// app/scripts/mobile-menu.js). A few lines instead of a modal
// library, so phones download less.
import type { ReactNode } from "react";
import { useI18n } from "../lib/i18n";
import { useSlideOut } from "../lib/use-slide-out";

export function MobileMenu({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const { open, setOpen, panel, button } = useSlideOut<HTMLDivElement, HTMLElement>();

  return (
    <details
      className="mobile-menu-toggle burger-only"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary
        ref={button}
        className="burger"
        data-open={open}
        aria-label={open ? t("a11y.closeMenu") : t("a11y.openMenu")}
        // For the plain module of a page without React (app/scripts/mobile-menu.js, decision 0059).
        data-open-label={t("a11y.openMenu")}
        data-close-label={t("a11y.closeMenu")}
        aria-controls="mobile-menu"
      >
        <span />
      </summary>
      <div id="mobile-menu" ref={panel} className="mobile-menu">
        {children}
      </div>
    </details>
  );
}
