import { data } from "react-router";

/** Any unmatched path: the error boundary renders the localized 404 page with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
