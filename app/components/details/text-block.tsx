// Text from content as paragraphs: split on blank lines, line breaks kept, never HTML.
export function TextBlock({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <div className={className ? `prose ${className}` : "prose"}>
      {paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs keep their order
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
