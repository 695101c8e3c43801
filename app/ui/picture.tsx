// An image in sizes that fit: srcset and sizes from the upload's widths, width and height set so
// the page does not jump, lazy unless it is the first thing a visitor sees.
export type ImageView = {
  url: string;
  width?: number;
  height?: number;
  srcset?: string;
  fallbackUrl?: string;
};

export function Picture({
  image,
  alt,
  sizes,
  className,
  priority = false,
  width,
  height,
}: {
  image: ImageView | null | undefined;
  alt: string;
  /** The CSS sizes attribute: how wide the image is shown at each breakpoint. */
  sizes: string;
  className?: string;
  /** The largest image above the fold: loaded at once, with high priority. */
  priority?: boolean;
  /** Box to reserve when the image's own size is unknown (a link). */
  width?: number;
  height?: number;
}) {
  if (!image) return <div className={className} role="presentation" />;
  return (
    <img
      src={image.url}
      srcSet={image.srcset}
      sizes={image.srcset ? sizes : undefined}
      width={image.width ?? width}
      height={image.height ?? height}
      alt={alt}
      className={className}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
}
