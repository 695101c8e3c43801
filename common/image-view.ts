// How a stored image is shown, on the server (the records' `image`) and on the pages
// (app/ui/picture.tsx): a URL, and for an upload its size, its widths and a JPEG beside the WebP.
export type ImageView = {
  url: string;
  width?: number;
  height?: number;
  srcset?: string;
  fallbackUrl?: string;
};
