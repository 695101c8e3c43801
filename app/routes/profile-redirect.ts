// /profile (the header's link) opens the profile area.
import { href, redirect } from "react-router";

export function loader() {
  return redirect(href("/profile-route"));
}
