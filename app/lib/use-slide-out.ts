// The behaviour of a slide-out panel opened by a button (or a details element's summary): focus moves into it and Tab goes round
// the panel and its button (the panel covers the page, so focus must not wander behind it), and
// Escape, a click outside or a change of page closes it (Escape gives focus back to the button).
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

export function useSlideOut<Panel extends HTMLElement, Button extends HTMLElement = HTMLButtonElement>() {
  const [open, setOpen] = useState(false);
  const panel = useRef<Panel>(null);
  const button = useRef<Button>(null);
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
      if (event.key !== "Tab") return;
      // The button sits just before the panel, so only the two ends of the loop need help.
      const last = [...(panel.current?.querySelectorAll<HTMLElement>("a, button") ?? [])].at(-1);
      if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        button.current?.focus();
      } else if (event.shiftKey && document.activeElement === button.current && last) {
        event.preventDefault();
        last.focus();
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

  return { open, setOpen, toggle: () => setOpen((value) => !value), panel, button };
}
