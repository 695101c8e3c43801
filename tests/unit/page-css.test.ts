// The CSS a page carries (app/styles/page-css.server.ts) is read from the minified build into
// rules, each with the classes it needs: comments, strings and nested groups read right. (Which
// rules a page gets is checked on the built pages in Chromium: tests/e2e/page-css.test.ts.)
import { describe, expect, it } from "vitest";
import { classesOf, parseBlocks } from "../../app/styles/page-css.server";

describe("a page's own CSS", () => {
  it("needs no class inside :not(), nor a dot of an attribute's value", () => {
    const [rule] = parseBlocks('.a:not(.b) [href$=".pdf"]{color:red}');
    expect(rule).toMatchObject({ kind: "rule", selectors: [["a"]] });
    const [list] = parseBlocks(".a .c,.d{color:red}");
    expect(list).toMatchObject({ kind: "rule", selectors: [["a", "c"], ["d"]] });
  });

  it("reads comments, strings with braces and nested groups", () => {
    const blocks = parseBlocks(
      '/* a comment { */.a{content:"}{"}@media (width>=600px){@supports (display:grid){.b{color:red}}}@font-face{font-family:x}/* unclosed',
    );
    expect(blocks.map((block) => block.kind)).toEqual(["rule", "group", "kept"]);
    expect(blocks[0]).toMatchObject({ text: '.a{content:"}{"}' });
    expect(blocks[1]).toMatchObject({ prelude: "@media (width>=600px)", blocks: [{ kind: "group" }] });
  });

  it("names the classes of a stylesheet", () => {
    expect(classesOf('.a .b-c:hover,.d::before{background:url("x.png")}').sort()).toEqual(["a", "b-c", "d"]);
  });
});
