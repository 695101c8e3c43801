import { data } from "react-router";

// Any path no route claims: the root error page shows "Page not found" with a 404 status.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
