// An e-mail address that wraps on a narrow screen at its "@" and dots ("karim.uddin@" /
// "school.example.bd"), as people write it on two lines, not mid-word; only a part too long for
// the line on its own is broken between letters (the container's overflow-wrap: anywhere).
import { Fragment } from "react";

/** The address's pieces, each a place where a line may break before "@" and after a dot. */
export function emailPieces(address: string): string[] {
  return address.split(/(?=@)|(?<=\.)/);
}

export function EmailAddress({ address }: { address: string }) {
  return (
    <>
      {emailPieces(address).map((piece, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one address, in their order
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
