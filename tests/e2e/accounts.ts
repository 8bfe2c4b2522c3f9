import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { waitForMail } from "./outbox";

/** The path and query of the confirmation link in the newest e-mail to `email` (it opens /login/). */
export async function confirmationLink(email: string): Promise<string> {
  const [, link] = await waitForMail(email, /href="https?:\/\/[^/"]+(\/[a-z]{2}\/login\/\?confirm=[^"&]+)"/);
  return link!;
}

/**
 * A customer registered through the API with a captcha solved here, as the app does, whose address is
 * confirmed with the token of the e-mailed link (docs/decisions/0024). Nobody is signed in afterwards.
 */
export async function registerByApi(
  request: APIRequestContext,
  person: { email: string; password: string; firstName?: string; lastName?: string; locale?: string },
): Promise<void> {
  const challenge = await (await request.get("/api/v1/captcha")).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  const { email, password } = person;
  const registered = await request.post(`/api/v1/account/register?locale=${person.locale ?? "nl"}`, {
    // Registrations are throttled per IP (10 an hour); the journeys' many shoppers each come from their own
    // address, as they would in a shop (the served shop trusts X-Forwarded-For, playwright.config.ts).
    headers: { "x-forwarded-for": shopperIp() },
    data: {
      firstName: person.firstName ?? "Sem",
      lastName: person.lastName ?? "Tester",
      email,
      password,
      confirmPassword: password,
      captcha,
    },
  });
  expect(registered.status()).toBe(201);
  const token = new URL(await confirmationLink(email), "http://shop").searchParams.get("confirm");
  const confirmed = await request.post("/api/v1/account/confirm-email", { data: { token } });
  expect(confirmed.status()).toBe(200);
}

/** A made-up public-looking address for one shopper. */
function shopperIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** Signs in through the API; with `page.request` the page's browser context gets the session cookie. */
export async function logInByApi(request: APIRequestContext, email: string, password: string) {
  const response = await request.post("/api/v1/account/login", { data: { email, password } });
  expect(response.status()).toBe(200);
}

interface ApiProduct {
  slug: string;
  orderState: string;
  appOnly: boolean;
  variants: { id: number; size: string; stock: number }[];
}

/** An orderable web product with a size in stock, for a journey's own purchase. */
async function variantToBuy(request: APIRequestContext): Promise<number> {
  const html = await (await request.get("/en/category/")).text();
  const slugs = [...new Set([...html.matchAll(/href="\/en\/([a-z0-9-]+)\/"/g)].map((m) => m[1]!))];
  for (const slug of slugs.reverse()) {
    const response = await request.get(`/api/v1/products/${slug}?locale=en`);
    if (!response.ok()) continue;
    const product = (await response.json()) as ApiProduct;
    if (product.orderState !== "orderable" || product.appOnly) continue;
    const variant = product.variants.find((v) => v.stock >= 5);
    if (variant) return variant.id;
  }
  throw new Error("no product fits");
}

/**
 * A paid order of the signed-in customer of `page`, through the shop's own APIs in the page's context
 * (so the session cookie is the page's): a size in the bag, the order to a service point, paid with
 * iDEAL on the sandbox page. Answers the order number.
 */
export async function placePaidOrder(
  page: Page,
  person: { email: string; firstName: string; lastName: string; locale: "en" | "nl" | "fr" | "es" },
  quantity = 1,
  discountCode?: string,
): Promise<string> {
  const request = page.request;
  const variantId = await variantToBuy(request);
  expect((await request.post("/api/v1/cart/lines", { data: { variantId, quantity } })).ok()).toBe(true);
  if (discountCode) {
    const applied = await request.post("/api/v1/checkout/discount-code", {
      data: { code: discountCode, locale: person.locale, country: "NL", email: person.email },
    });
    expect(applied.status(), await applied.text()).toBe(200);
  }
  const points = await (
    await request.get(`/api/v1/checkout/service-points?country=NL&postalCode=1012JS&locale=${person.locale}`)
  ).json();
  const placed = await request.post("/api/v1/orders", {
    headers: { "idempotency-key": randomUUID() },
    data: {
      locale: person.locale,
      country: "NL",
      email: person.email,
      methodId: "nl-point",
      servicePointId: points[0].id,
      address: {
        firstName: person.firstName,
        lastName: person.lastName,
        street: "Dam",
        houseNumber: "12",
        postalCode: "1012 JS",
        city: "Amsterdam",
        country: "NL",
      },
      paymentMethod: "ideal",
    },
  });
  expect(placed.status()).toBe(201);
  const { number, checkoutUrl } = await placed.json();
  await page.goto(checkoutUrl);
  await page.getByRole("radio", { name: "ING" }).check();
  await page.locator("button[value=approve]").click();
  await page.waitForURL(
    /\/(order-confirmation|orderbevestiging|confirmation-de-commande|confirmacion-de-pedido)\//,
  );
  return number;
}
