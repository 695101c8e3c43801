// The public site's CSS that a page carries inline in its <head> (entry.server.tsx): only the
// rules its markup can use. A stylesheet request would hold back the first paint by a round trip
// on slow networks, and every page carrying every rule made the CSS a third of each page's HTML.
// The whole stylesheet (public.css) comes once the page is shown (public-stylesheet.ts), cached
// for every later page, for what script shows: another page, a dialog, a message.
// (The dashboard's Mantine CSS is a normal stylesheet of its routes.)

import fonts from "./fonts.css?inline";
import publicCss from "./public.css?inline";

/** A rule, an at-rule that holds rules, or something kept on every page (fonts, keyframes). */
type Block =
  | { kind: "rule"; text: string; selectors: string[][] }
  | { kind: "group"; prelude: string; blocks: Block[] }
  | { kind: "kept"; text: string };

/**
 * The rules whose selectors can match the page: those with no class, and those whose every class
 * (outside :not(), :is(), :where() and :has()) is in the page's class attributes or in
 * `moreClasses` (a part filled in later, such as a marksheet).
 */
export function pageCss(html: string, moreClasses: Iterable<string> = []): string {
  return shown(blocks, new Set([...markupClasses(html), ...moreClasses]));
}

/** The whole public CSS: for a page streamed before its markup is known. */
export const everyRule = fonts + publicCss;

/** The classes of an HTML document or fragment as React writes them (`class="a b"`). */
export function markupClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1]!.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Every class a piece of CSS names, for a part of a page that is filled in after its render. */
export function classesOf(css: string): string[] {
  return [...new Set([...withoutStrings(css).matchAll(classPattern)].map((match) => match[1]!))];
}

function shown(list: Block[], classes: Set<string>): string {
  let out = "";
  for (const block of list) {
    if (block.kind === "kept") out += block.text;
    else if (block.kind === "rule") {
      if (block.selectors.some((needed) => needed.every((name) => classes.has(name)))) out += block.text;
    } else {
      const inner = shown(block.blocks, classes);
      if (inner) out += `${block.prelude}{${inner}}`;
    }
  }
  return out;
}

const classPattern = /\.(-?[_a-zA-Z][\w-]*)/g;
const groupRules = /^@(media|supports|container|layer)\b/i;

const blocks = parseBlocks(everyRule);

/** Minified CSS as the build makes it: rules, and at-rules that hold rules, to any depth. */
export function parseBlocks(css: string): Block[] {
  return blocksOf(withoutComments(css));
}

/** Comments (a licence the build kept) taken out, strings left as they are. */
function withoutComments(css: string): string {
  return css.replace(
    /("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|\/\*[\s\S]*?(?:\*\/|$)/g,
    (_all, text) => text ?? "",
  );
}

function blocksOf(css: string): Block[] {
  const found: Block[] = [];
  let start = 0;
  let index = 0;
  while (index < css.length) {
    const char = css[index];
    if (char === '"' || char === "'") index = afterString(css, index);
    else if (char === ";") {
      // A statement (@import, @charset): kept as it is.
      found.push({ kind: "kept", text: css.slice(start, index + 1).trim() });
      start = ++index;
    } else if (char === "{") {
      const end = closingBrace(css, index);
      const prelude = css.slice(start, index).trim();
      const body = css.slice(index + 1, end);
      if (groupRules.test(prelude)) found.push({ kind: "group", prelude, blocks: blocksOf(body) });
      else if (prelude.startsWith("@")) found.push({ kind: "kept", text: `${prelude}{${body}}` });
      else found.push({ kind: "rule", text: `${prelude}{${body}}`, selectors: selectorClasses(prelude) });
      start = index = end + 1;
    } else index++;
  }
  return found;
}

/** Each selector of a list with the classes it needs. */
function selectorClasses(prelude: string): string[][] {
  return splitTopLevel(withoutStrings(prelude).replace(/\[[^\]]*\]/g, "")).map((selector) => {
    // The classes inside a functional pseudo-class need not all be there: not needed at all.
    let plain = selector;
    for (let before = ""; before !== plain; ) {
      before = plain;
      plain = plain.replace(/:(not|is|where|has|matches)\([^()]*\)/gi, "");
    }
    return [...new Set([...plain.matchAll(classPattern)].map((match) => match[1]!))];
  });
}

function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < list.length; index++) {
    const char = list[index];
    if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "," && depth === 0) {
      parts.push(list.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

function withoutStrings(css: string): string {
  return css.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
}

function afterString(css: string, at: number): number {
  const quote = css[at];
  let index = at + 1;
  while (index < css.length && css[index] !== quote) index += css[index] === "\\" ? 2 : 1;
  return index + 1;
}

function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let index = open; index < css.length; index++) {
    const char = css[index];
    if (char === '"' || char === "'") index = afterString(css, index) - 1;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return index;
  }
  return css.length;
}
