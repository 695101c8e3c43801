// The album page's viewer: a native modal <dialog> over the photo links, opened by a click on a
// thumbnail. ← and → move, Escape closes (the dialog's own cancel), a swipe moves on a touch
// screen. Focus goes to the dialog and comes back to the thumbnail of the photo last shown; the
// address follows the photo, so a copied link opens that photo's own page.
import { useEffect, useRef } from "react";
import type { ImageView } from "../../ui/picture";
import { Picture } from "../../ui/picture";

export type ViewerPhoto = { id: string; caption: string; image: ImageView | null; href: string };

export type ViewerTexts = {
  label: string;
  close: string;
  previous: string;
  next: string;
  position: (number: number) => string;
  untitled: (number: number) => string;
};

/** A finger moved at least this far sideways is a swipe. */
const swipeDistance = 50;

export function PhotoViewer({
  photos,
  index,
  onMove,
  onClose,
  texts,
}: {
  photos: ViewerPhoto[];
  /** The photo shown, or null: closed. */
  index: number | null;
  onMove: (index: number) => void;
  onClose: () => void;
  texts: ViewerTexts;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const touchStart = useRef<number | null>(null);
  const open = index !== null;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      closeButton.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  if (index === null) return <dialog ref={dialog} className="photo-viewer" aria-label={texts.label} />;
  const photo = photos[index];
  if (!photo) return null;
  const previous = index > 0 ? index - 1 : null;
  const next = index < photos.length - 1 ? index + 1 : null;
  const caption = photo.caption || texts.untitled(index + 1);

  return (
    <dialog
      ref={dialog}
      className="photo-viewer"
      aria-label={texts.label}
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft" && previous !== null) onMove(previous);
        else if (event.key === "ArrowRight" && next !== null) onMove(next);
        else return;
        event.preventDefault();
      }}
      onTouchStart={(event) => {
        touchStart.current = event.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(event) => {
        const start = touchStart.current;
        const end = event.changedTouches[0]?.clientX;
        touchStart.current = null;
        if (start === null || end === undefined) return;
        if (end - start > swipeDistance && previous !== null) onMove(previous);
        if (start - end > swipeDistance && next !== null) onMove(next);
      }}
    >
      <figure className="photo-viewer__figure">
        <Picture
          key={photo.id}
          image={photo.image}
          alt={caption}
          sizes="(min-width: 1000px) 960px, 100vw"
          className="photo-viewer__image"
          priority
        />
        <figcaption>
          <span aria-live="polite">{caption}</span> <span className="muted">{texts.position(index + 1)}</span>
        </figcaption>
      </figure>
      <div className="photo-viewer__controls">
        <button
          type="button"
          className="photo-viewer__button"
          onClick={() => previous !== null && onMove(previous)}
          disabled={previous === null}
        >
          <span aria-hidden="true">←</span> {texts.previous}
        </button>
        <button
          type="button"
          className="photo-viewer__button"
          onClick={() => next !== null && onMove(next)}
          disabled={next === null}
        >
          {texts.next} <span aria-hidden="true">→</span>
        </button>
        <button
          ref={closeButton}
          type="button"
          className="photo-viewer__button"
          onClick={() => dialog.current?.close()}
        >
          {texts.close}
        </button>
      </div>
    </dialog>
  );
}
