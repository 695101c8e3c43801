// Structured data for search engines (schema.org), in a script the CSP allows by nonce.
import { useNonce } from "../lib/nonce";

export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  // "<" escaped so content can never close the script element.
  const json = JSON.stringify({ "@context": "https://schema.org", ...data }).replace(/</g, "\\u003c");
  const content = { __html: json };
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, not HTML
      dangerouslySetInnerHTML={content}
    />
  );
}
