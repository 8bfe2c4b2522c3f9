import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../logging/logger.server";
import { type AppEnv, requestLog } from "./middleware.server";

afterEach(() => vi.restoreAllMocks());

function app() {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("requestId", "test-request");
    await next();
  });
  app.use(requestLog);
  app.get("/fails", (c) => c.text("failed", 500));
  return app;
}

describe("requestLog", () => {
  it("logs a failed answer as an error", async () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => {});
    await app().request("/fails");
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ status: 500, path: "/fails" }), "request");
  });

  it("logs a request whose visitor left as 499, not as the shop's failure", async () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => {});
    const info = vi.spyOn(logger, "info").mockImplementation(() => {});
    const left = new AbortController();
    left.abort();
    await app().request(new Request("http://shop.test/fails", { signal: left.signal }));
    expect(error).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ status: 499 }), "request");
  });
});
