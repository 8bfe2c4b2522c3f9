import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressAnswers } from "./compress.server";
import { deadline, lastResort } from "./deadline.server";
import type { AppEnv } from "./middleware.server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function app() {
  const app = new Hono<AppEnv>();
  app.use(deadline({ ms: 100 }));
  app.get("/api/v1/fast", (c) => c.json({ ok: true }));
  app.get("/api/v1/slow", async (c) => {
    await sleep(400);
    return c.json({ ok: true });
  });
  app.get("/nl/slow/", async (c) => {
    await sleep(400);
    return c.html("<p>late</p>");
  });
  app.post("/webhooks/payments/sandbox", async (c) => {
    await sleep(400);
    return c.text("OK");
  });
  app.post("/upload", async (c) => {
    await sleep(300);
    return c.text("stored");
  });
  app.get("/broken", () => {
    throw new Error("boom");
  });
  app.onError((_error, c) => c.text("error page", 500));
  return app;
}

describe("the request deadline (docs/reliability.md)", () => {
  it("leaves a request that is done in time alone", async () => {
    const response = await app().request("/api/v1/fast");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("answers a late API request with a 503 in the Api error shape, asking to retry", async () => {
    const started = Date.now();
    const response = await app().request("/api/v1/slow");
    expect(Date.now() - started).toBeLessThan(350);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({
      message: "The shop is very busy right now. Please try again in a moment.",
      messageTranslationKey: "errors.busy",
      statusCode: 503,
      details: {},
    });
  });

  it("answers a late page with a small 503 page in the visitor's language", async () => {
    const response = await app().request("/nl/slow/");
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain('lang="nl"');
    expect(html).toContain("Het is nu erg druk in de winkel");
    expect(html).not.toContain("late");
  });

  it("answers a late webhook with a 503 the provider retries", async () => {
    const response = await app().request("/webhooks/payments/sandbox", { method: "POST" });
    expect(response.status).toBe(503);
  });

  it("gives an upload all the time it needs", async () => {
    const form = new FormData();
    form.set("photo", new Blob(["x"]), "photo.jpg");
    const response = await app().request("/upload", { method: "POST", body: form });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("stored");
  });

  it("lets an error within the deadline reach the error handler", async () => {
    const response = await app().request("/broken");
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("error page");
  });
});

describe("the deadline and compression (app/server.ts's order)", () => {
  /** Answers with the errors that reached the app's error handler after a late page's 503 was read. */
  async function errorsAfterLateAnswer(order: "compress outside" | "compress inside") {
    const errors: Error[] = [];
    const app = new Hono<AppEnv>();
    app.onError((error, c) => {
      errors.push(error);
      return c.text("error page", 500);
    });
    if (order === "compress outside") app.use(compressAnswers());
    app.use(deadline({ ms: 100 }));
    if (order === "compress inside") app.use(compressAnswers());
    app.get("/nl/slow/", async (c) => {
      await sleep(250);
      return c.html(`<p>${"late ".repeat(2000)}</p>`);
    });
    const response = await app.request("/nl/slow/", { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(503);
    await response.arrayBuffer();
    await sleep(400);
    return errors;
  }

  it("compresses outside the deadline, so the late handler's end disturbs nothing", async () => {
    expect(await errorsAfterLateAnswer("compress outside")).toEqual([]);
  });

  it("would fail the late request if compression ran inside it (why server.ts puts it first)", async () => {
    const errors = await errorsAfterLateAnswer("compress inside");
    expect(errors.map((e) => e.message)).toEqual([expect.stringContaining("ReadableStream")]);
  });
});

describe("the last resort (docs/reliability.md)", () => {
  function failing() {
    const app = new Hono<AppEnv>();
    app.onError(lastResort);
    app.use(() => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
    });
    app.all("*", (c) => c.text("never"));
    return app;
  }

  it("answers an error thrown outside the pages as the error page in the visitor's language", async () => {
    const response = await failing().request("/fr/sandbox-pay/", { method: "POST" });
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain('lang="fr"');
    expect(html).toContain("Une erreur s'est produite, veuillez réessayer plus tard.");
    expect(html).not.toContain("ECONNREFUSED");
  });

  it("answers it in the Api error shape under /api", async () => {
    const response = await failing().request("/api/v1/cart");
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      message: "Something went wrong, try again later.",
      messageTranslationKey: "errors.tryAgainLater",
      statusCode: 500,
      details: {},
    });
  });
});
