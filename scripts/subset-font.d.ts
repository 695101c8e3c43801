// subset-font 2.9.0 ships no types: the one function scripts/bangla-font.ts calls.
declare module "subset-font" {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: {
      targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
      preserveNameIds?: number[];
      keepFeatures?: string[];
      noLayoutClosure?: boolean;
    },
  ): Promise<Buffer>;
}
