// /profile (the header's link) opens the profile area.
import { redirect } from "react-router";

export function loader() {
  return redirect("/profile-route");
}
