// The phone menu: a button that slides out a panel with the same links. A few lines instead of
// a modal library, so phones download less.
import type { ReactNode } from "react";
import { useI18n } from "../lib/i18n";
import { useSlideOut } from "../lib/use-slide-out";

export function MobileMenu({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const { open, toggle, panel, button } = useSlideOut<HTMLDivElement>();

  return (
    <>
      <button
        ref={button}
        type="button"
        className="burger burger-only"
        data-open={open}
        onClick={toggle}
        aria-label={open ? t("a11y.closeMenu") : t("a11y.openMenu")}
        aria-expanded={open}
        aria-controls="mobile-menu"
      >
        <span />
      </button>
      <div id="mobile-menu" ref={panel} className="mobile-menu" data-open={open} hidden={!open}>
        {children}
      </div>
    </>
  );
}
