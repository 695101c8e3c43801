// Placeholder until this page is built: the shared coming-soon page (heading and sign-in rule).
import ComingSoon, { loader as comingSoonLoader } from "./coming-soon";

export const loader = comingSoonLoader;
export default ComingSoon;
