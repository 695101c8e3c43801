import { data } from "react-router";
import { readingPage } from "../lib/hydration";

// The error page it shows is read, not used: no React in the browser (decision 0059).
export const handle = readingPage;

// Any path no route claims: the root error page shows "Page not found" with a 404 status.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
