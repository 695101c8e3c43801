// Placeholder until the CSV export is built.
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}
