import type { MiddlewareFunction } from "react-router";
import { middlewareByName } from "./middleware.server";
import { type PageDefinition, type PageId, pages } from "./pages";

/** The route middleware the page table lists for a page: `export const middleware = pageMiddleware("account")`. */
export function pageMiddleware(id: PageId): MiddlewareFunction<Response>[] {
  const page: PageDefinition = pages[id];
  return middlewareByName(page.middleware ?? []);
}
