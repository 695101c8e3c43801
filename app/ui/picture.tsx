// An image in sizes that fit: srcset and sizes from the upload's widths, width and height set so
// the page does not jump, lazy unless it is the first thing a visitor sees. An upload's widths are
// WebP, with a JPEG beside them for a browser without WebP (KaiOS 2.5's, on the feature phones
// many parents use): a <picture> offers the WebP widths and falls back to the JPEG (decision 0043).
import { preload } from "react-dom";
import type { ImageView } from "../../common/image-view";

export type { ImageView };

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
  const shownSizes = image.srcset ? sizes : undefined;
  const img = (src: string, srcSet: string | undefined) => (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? shownSizes : undefined}
      width={image.width ?? width}
      height={image.height ?? height}
      alt={alt}
      className={className}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
  if (!image.srcset || !image.fallbackUrl || image.fallbackUrl === image.url)
    return img(image.url, image.srcset);
  // React preloads a priority <img> by itself, but not one inside a <picture> (it cannot know
  // which source the browser takes): the WebP widths, typed, so a browser without WebP skips it.
  if (priority)
    preload(image.url, {
      as: "image",
      imageSrcSet: image.srcset,
      imageSizes: shownSizes,
      fetchPriority: "high",
      type: "image/webp",
    });
  return (
    <picture>
      <source type="image/webp" srcSet={image.srcset} sizes={shownSizes} />
      {img(image.fallbackUrl, undefined)}
    </picture>
  );
}
