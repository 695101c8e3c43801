// The phone menu: a button that slides out a panel with the same links. A few lines instead of
// a modal library, so phones download less; Escape, a link or a click outside close it.
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useI18n } from "../lib/i18n";

export function MobileMenu({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="burger burger-only"
        data-open={open}
        onClick={() => setOpen((value) => !value)}
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
