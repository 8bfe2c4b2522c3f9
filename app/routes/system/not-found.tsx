import { data } from "react-router";

/** `/404/` and every unmatched path: the layout's error boundary renders the 404 page with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
