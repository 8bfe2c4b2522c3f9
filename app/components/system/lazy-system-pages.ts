import { lazy } from "react";

/**
 * The error pages of the root and the layouts, loaded when a page fails or is not found: the pages that do
 * render are spared their code. Without network the chunk cannot load either; the failed import reloads
 * the page (chunk-reload), which the service worker answers with the offline page.
 */
const load = () => import("./system-pages");

export const NotFoundPage = lazy(() => load().then((m) => ({ default: m.NotFoundPage })));
export const ErrorPage = lazy(() => load().then((m) => ({ default: m.ErrorPage })));
export const MaintenancePage = lazy(() => load().then((m) => ({ default: m.MaintenancePage })));
export const BlockedUserPage = lazy(() => load().then((m) => ({ default: m.BlockedUserPage })));
