// An e-mail address that wraps on a narrow screen at its "@" and dots ("karim.uddin@" /
// "school.example.bd"), as people write it on two lines, not mid-word; only a part too long for
// the line on its own is broken between letters (the container's overflow-wrap: anywhere).
// The pieces come once the page has hydrated: a signed-in page is a template whose e-mail is a
// placeholder filled in after the render (decision 0037), so the server's markup has the address
// whole, and the browser's first render must match it.
import { Fragment, useSyncExternalStore } from "react";

const noChange = () => () => {};

/** False while rendering on the server and hydrating, true after. */
const useHydrated = () =>
  useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );

/** The address's pieces, each a place where a line may break before "@" and after a dot. */
export function emailPieces(address: string): string[] {
  return address.split(/(?=@)|(?<=\.)/);
}

export function EmailAddress({ address }: { address: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return <>{address}</>;
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
