// An e-mail address on a narrow screen breaks at its "@" and dots, not mid-word (issue 40 item 11).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmailAddress, emailPieces } from "../../app/components/email-address";

describe("an e-mail address", () => {
  it("offers a break before the @ and after each dot, and nowhere else", () => {
    expect(emailPieces("karim.uddin@school.example.bd")).toEqual([
      "karim.",
      "uddin",
      "@school.",
      "example.",
      "bd",
    ]);
  });

  it("is whole in the server's markup, as a signed-in page's template fills it in (pieces come after hydration)", () => {
    expect(renderToStaticMarkup(createElement(EmailAddress, { address: "farida@school.test" }))).toBe(
      "farida@school.test",
    );
  });
});
