import { useRouteLoaderData } from "react-router";
import type { loader } from "../../routes/profile";

/** The profile as the profile area's layout loaded it, for its nested pages. */
export function useProfile() {
  const data = useRouteLoaderData<typeof loader>("routes/profile");
  if (!data) throw new Error("useProfile outside the profile area");
  return data.profile;
}
