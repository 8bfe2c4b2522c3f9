import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import { demoAccounts, seedDemoAccounts } from "../../seed/demo-accounts.server";
import type { Connection } from "../db/db.server";
import { ApiError } from "../http/api-error";
import { auth } from "./auth.server";
import { requireCustomer, requireMayOrder, requireStaff } from "./guards.server";
import { user } from "./tables.server";

let connection: Connection;
const cookies: Record<string, string> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  connection = await freshDatabase();
  await seedDemoAccounts();
  for (const account of demoAccounts) {
    const { headers } = await auth.api.signInEmail({
      body: { email: account.email, password: account.password },
      returnHeaders: true,
    });
    const role = account.role ?? "customer";
    cookies[role] = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    tokens[role] = headers.get("set-auth-token") ?? "";
  }
});
afterAll(() => connection.close());

const page = (role?: string, path = "/admin/orders/") =>
  new Request(`http://shop.test${path}`, { headers: role ? { cookie: cookies[role]! } : {} });
const api = (role?: string, path = "/api/v1/admin/orders") =>
  new Request(`http://shop.test${path}`, {
    headers: role ? { authorization: `Bearer ${tokens[role]}` } : {},
  });

/** What a guard threw: a Response (redirect), React Router's `data()` (status in init) or an ApiError. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") };
    if (thrown instanceof ApiError) return { status: thrown.statusCode, key: thrown.messageTranslationKey };
    const error = thrown as { init?: { status?: number }; data?: unknown };
    return { status: error.init?.status, data: error.data };
  }
  return null;
}

describe("requireStaff", () => {
  const matrix: [role: string | undefined, wanted: Parameters<typeof requireStaff>[1], allowed: boolean][] = [
    [undefined, undefined, false],
    ["customer", undefined, false],
    ["admin", undefined, true],
    ["support", undefined, true],
    ["merchandiser", undefined, true],
    ["admin", "support", true],
    ["support", "support", true],
    ["merchandiser", "support", false],
    ["customer", "support", false],
    ["admin", "merchandiser", true],
    ["support", "merchandiser", false],
    ["merchandiser", "merchandiser", true],
    ["support", "admin", false],
    ["merchandiser", "admin", false],
    ["admin", "admin", true],
    ["support", ["support", "merchandiser"], true],
    ["merchandiser", ["support", "merchandiser"], true],
    ["customer", ["support", "merchandiser"], false],
  ];

  it.each(matrix)("%s asking for %s: allowed %s (page and API)", async (role, wanted, allowed) => {
    const onPage = await refusal(requireStaff(page(role), wanted));
    const onApi = await refusal(requireStaff(api(role), wanted));
    if (allowed) {
      expect(onPage).toBeNull();
      expect(onApi).toBeNull();
      const visitor = await requireStaff(api(role), wanted);
      expect(visitor.role).toBe(role);
    } else if (role === undefined) {
      expect(onPage).toEqual({
        status: 302,
        location: `/en/login/?redirect=${encodeURIComponent("/admin/orders/")}`,
      });
      expect(onApi).toEqual({ status: 401, key: "errors.signInRequired" });
    } else {
      expect(onPage?.status).toBe(403);
      expect(onApi).toEqual({ status: 403, key: "errors.forbidden" });
    }
  });

  it("keeps the page's locale in the login redirect", async () => {
    expect(await refusal(requireCustomer(page(undefined, "/fr/customer/account/?x=1")))).toEqual({
      status: 302,
      location: `/fr/login/?redirect=${encodeURIComponent("/fr/customer/account/?x=1")}`,
    });
  });

  it("refuses a forged bearer token", async () => {
    const forged = new Request("http://shop.test/api/v1/account", {
      headers: { authorization: `Bearer ${tokens.admin!.slice(0, -4)}AAAA` },
    });
    expect(await refusal(requireStaff(forged))).toEqual({ status: 401, key: "errors.signInRequired" });
  });
});

describe("requireMayOrder", () => {
  it("lets guests and customers order, and refuses a blocked customer", async () => {
    expect(await requireMayOrder(page(undefined, "/en/checkout/"))).toBeNull();
    expect((await requireMayOrder(page("customer", "/en/checkout/")))?.email).toBe(demoAccounts[0]!.email);
    await connection.db.update(user).set({ blocked: true }).where(eq(user.email, demoAccounts[0]!.email));
    try {
      expect(await refusal(requireMayOrder(page("customer", "/en/checkout/")))).toEqual({
        status: 403,
        data: { reason: "blocked" },
      });
      expect(await refusal(requireMayOrder(api("customer", "/api/v1/orders")))).toEqual({
        status: 403,
        key: "errors.blockedCannotOrder",
      });
      // A blocked customer still signs in and reaches their own account.
      expect((await requireCustomer(page("customer", "/en/customer/account/"))).blocked).toBe(true);
    } finally {
      await connection.db.update(user).set({ blocked: false }).where(eq(user.email, demoAccounts[0]!.email));
    }
  });
});
