import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredCustomer } from "../../../tests/support/customers";
import { seededDatabase } from "../../../tests/support/database";
import { orderableSize, placedOrder } from "../../../tests/support/factories";
import { accepted } from "../../../tests/support/refusals";
import { orderForReturn, transitionOrder } from "../../domains/orders/orders.server";
import type { Connection } from "../../platform/db/db.server";
import { createApi } from "../index.server";

let connection: Connection;
const api = new Hono().route("/api", createApi());
beforeAll(async () => {
  connection = await seededDatabase({ products: 3, seed: 5 });
}, 180_000);
afterAll(() => connection.close());

const call = (path: string, token: string | null, init: { method?: string; body?: unknown } = {}) =>
  api.request(`/api${path}`, {
    method: init.method ?? "GET",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

describe("returns API", () => {
  it("lets the app ask for a return, read it, download its label; refuses others' orders and too many units, translated", async () => {
    const size = await orderableSize();
    const { token, userId } = await registeredCustomer("app-return@example.nl");
    const other = await registeredCustomer("someone-else@example.nl");
    const number = await placedOrder({
      variantId: size.id,
      email: "app-return@example.nl",
      customerId: userId,
      quantity: 2,
      paid: true,
    });
    accepted(await transitionOrder({ number, to: "complete", actor: "staff", trackAndTrace: "3SAPI1" }));
    const [line] = (await orderForReturn(number))!.lines;

    expect((await call(`/v1/orders/${number}/return-options`, null)).status).toBe(401);
    const options = await call(`/v1/orders/${number}/return-options?locale=nl`, token);
    expect(options.status).toBe(200);
    expect(await options.json()).toMatchObject({
      orderNumber: number,
      returnWindow: { open: true },
      lines: [expect.objectContaining({ bought: 2, left: 2 })],
    });
    expect((await call(`/v1/orders/${number}/return-options`, other.token)).status).toBe(404);

    const body = (quantity: number) => ({
      number,
      method: "label",
      lines: [{ orderLineId: line!.id, quantity, reason: "too-big" }],
    });
    const tooMany = await call("/v1/returns?locale=fr", token, { method: "POST", body: body(3) });
    expect(tooMany.status).toBe(409);
    expect(await tooMany.json()).toMatchObject({
      messageTranslationKey: "returns:errors.tooMany",
      message: expect.stringContaining("2"),
    });
    const theirs = await call("/v1/returns?locale=es", other.token, { method: "POST", body: body(1) });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ messageTranslationKey: "returns:errors.orderNotFound" });
    const noReason = await call("/v1/returns?locale=nl", token, {
      method: "POST",
      body: { ...body(1), lines: [{ orderLineId: line!.id, quantity: 1 }] },
    });
    expect(noReason.status).toBe(400);

    const made = await call("/v1/returns?locale=en", token, { method: "POST", body: body(1) });
    expect(made.status).toBe(201);
    const ret = await made.json();
    expect(ret).toMatchObject({ status: "requested", method: "label", lines: [{ quantity: 1 }] });
    expect(ret.labelUrl).toMatch(new RegExp(`^/api/v1/returns/${ret.number}/label\\?locale=en&key=`));

    const list = await (await call("/v1/returns", token)).json();
    expect(list.map((r: { number: string }) => r.number)).toEqual([ret.number]);
    expect((await call(`/v1/returns/${ret.number}`, other.token)).status).toBe(404);

    const label = await call(ret.labelUrl.replace("/api", ""), null);
    expect(label.status).toBe(200);
    expect(label.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await label.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect((await call(`/v1/returns/${ret.number}/label?key=wrong`, null)).status).toBe(404);
    expect((await call(`/v1/returns/${ret.number}/label`, token)).status).toBe(200);

    const draft = await call(`/v1/orders/${number}/withdrawal`, token);
    expect(draft.status).toBe(200);
    expect(await draft.json()).toMatchObject({ statement: { orderNumber: number } });
    const withdrawn = await call(`/v1/orders/${number}/withdrawal`, token, {
      method: "POST",
      body: { confirm: true },
    });
    expect(withdrawn.status).toBe(201);
    expect(await withdrawn.json()).toMatchObject({ kind: "withdrawal", lines: [{ quantity: 1 }] });
  });
});
