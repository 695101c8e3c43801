// The album page's viewer: a native modal <dialog> over the photo links, opened by a click on a
// thumbnail. ← and → move, Escape closes (the dialog's own cancel), a swipe moves on a touch
// screen. Focus goes to the dialog and comes back to the thumbnail of the photo last shown; the
// address follows the photo, so a copied link opens that photo's own page. The page runs no React
// (decision 0059): this is the dialog's markup, closed (its classes bring their rules into the
// page's own CSS), and app/scripts/photo-viewer.js shows the thumbnails' pictures in it.

export function PhotoViewer({
  label,
  close,
  previous,
  next,
  position,
}: {
  label: string;
  close: string;
  previous: string;
  next: string;
  /** "{number} of 12": the module puts the photo's number in. */
  position: string;
}) {
  return (
    <dialog className="photo-viewer" aria-label={label}>
      <figure className="photo-viewer__figure">
        <div data-viewer-image="" />
        <figcaption>
          <span aria-live="polite" data-viewer-caption="" />{" "}
          <span className="muted" data-viewer-position={position} />
        </figcaption>
      </figure>
      <div className="photo-viewer__controls">
        <button type="button" className="photo-viewer__button" data-viewer="previous">
          <span aria-hidden="true">←</span> {previous}
        </button>
        <button type="button" className="photo-viewer__button" data-viewer="next">
          {next} <span aria-hidden="true">→</span>
        </button>
        <button type="button" className="photo-viewer__button" data-viewer="close">
          {close}
        </button>
      </div>
    </dialog>
  );
}
