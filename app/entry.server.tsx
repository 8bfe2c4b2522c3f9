import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { env } from "./platform/env.server";
import { requestContext } from "./platform/http/context";
import { documentStream } from "./platform/http/document-stream.server";
import { rememberRouteMatches } from "./platform/http/route-matches.server";
import { serverI18n } from "./platform/i18n/resources.server";
import { logger } from "./platform/logging/logger.server";
import { MarkupCacheContext } from "./platform/render/markup-cache";
import { markupCache } from "./platform/render/markup-cache.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, locale, requestId } = loadContext.get(requestContext);
  rememberRouteMatches(routerContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={serverI18n(locale)}>
        <MarkupCacheContext value={markupCache(locale, env().I18N_STRATEGY)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </MarkupCacheContext>
      </I18nextProvider>,
      {
        nonce,
        // React outlines a finished Suspense boundary of more than 500 bytes once the document passes this
        // size: its HTML goes to the end in a hidden div that a script moves into place. Without JavaScript
        // (and for crawlers) it would stay hidden, so finished boundaries stay where they are, as the
        // product page's server-rendered stock alert form must (buy-box.tsx).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(documentStream()).pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error, reqId: requestId }, "streaming render failed");
        },
      },
    );
  });
}
