import { randomUUID } from "node:crypto";
import { data, isRouteErrorResponse, redirectDocument, useRouteError } from "react-router";
import { type CheckoutActionData, CheckoutPage } from "~/components/checkout/checkout-page";
import { BlockedUserPage, ErrorPage } from "~/components/system/system-pages";
import { cartRefOf } from "~/domains/cart/cart.server";
import {
  applyCheckoutCode,
  type CheckoutInput,
  type CheckoutView,
  checkoutView,
  lookupCheckoutAddress,
  placeOrder,
  removeCheckoutCode,
  retryDefaults,
} from "~/domains/checkout/checkout.server";
import { type CheckoutIntent, CheckoutSchema, checkoutIntents } from "~/domains/checkout/validation";
import { DiscountCodeSchema } from "~/domains/promotions/validation";
import { defaultCountryOf } from "~/domains/shipping/shipping.server";
import { PostcodeLookupSchema } from "~/domains/shipping/validation";
import { requireMayOrder } from "~/platform/auth/guards.server";
import { translateMessage } from "~/platform/forms/messages";
import { parseShopForm, parseSubmission } from "~/platform/forms/submission";
import { isCountry } from "~/platform/forms/validators";
import { requestContext } from "~/platform/http/context";
import type { Locale } from "~/platform/i18n/locales";
import { serverI18n } from "~/platform/i18n/resources.server";
import { formatMoney, money } from "~/platform/money";
import { pageMeta } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import type { Route } from "./+types/checkout";

export const handle = { i18n: ["checkout", "orders", "payments", "forms", "cart", "catalog"] };

/** Everything but the order button asks this page again with the shopper's choices so far. */
async function shopper(request: Request, context: Route.LoaderArgs["context"]) {
  const visitor = await requireMayOrder(request);
  const { locale } = context.get(routingContext);
  const { channel } = context.get(requestContext);
  return {
    visitor,
    base: {
      cart: cartRefOf(visitor?.id, request.headers.get("cookie")),
      locale,
      channel,
      customer: visitor ? { userId: visitor.id, email: visitor.email } : null,
    },
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { visitor, base } = await shopper(request, context);
  const url = new URL(request.url);
  const paymentCancelled = url.searchParams.get("payment") === "cancelled";
  // Back from a cancelled or declined payment: the form as it was, so trying again is one click.
  const defaults =
    (paymentCancelled &&
      (await retryDefaults(url.searchParams.get("order") ?? "", url.searchParams.get("key") ?? ""))) ||
    {};
  const country = isCountry(defaults.country) ? defaults.country : defaultCountryOf(base.locale);
  const view = await checkoutView({
    ...base,
    country,
    email: defaults.email,
    delivery: { methodId: defaults.methodId },
    donationCents: Number(defaults.donationCents ?? 0),
    pointSearch: defaults.pointSearch,
  });
  return {
    view,
    defaults,
    idempotencyKey: randomUUID(),
    customer: visitor
      ? { email: visitor.email, firstName: visitor.firstName, lastName: visitor.lastName }
      : null,
    paymentCancelled,
    title: serverI18n(base.locale).t("checkout:title"),
  };
}

function text(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/**
 * The order form's buttons post here, with or without JavaScript: look up the address, search service
 * points or recalculate (`update`), apply or remove a code, and place the order, which sends the shopper
 * to the payment page. Every answer carries the page again for the choices made.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { base } = await shopper(request, context);
  const formData = await request.formData();
  const intent = text(formData, "intent") as CheckoutIntent;
  if (!checkoutIntents.includes(intent)) throw data(null, { status: 400 });
  const { t } = serverI18n(base.locale);
  const translate = (key: string, values: Record<string, unknown> = {}) => t(key, values) as string;
  const country = isCountry(text(formData, "country"))
    ? (text(formData, "country") as "NL")
    : defaultCountryOf(base.locale);
  const donation = Number(text(formData, "donationCents"));
  const input: CheckoutInput & { pointSearch: string } = {
    ...base,
    email: text(formData, "email") || null,
    country,
    delivery: {
      methodId: text(formData, "methodId") || null,
      momentId: text(formData, "momentId") || null,
      servicePointId: text(formData, "servicePointId") || null,
    },
    donationCents: [0, 200, 500].includes(donation) ? donation : 0,
    pointSearch: text(formData, "pointSearch") || text(formData, "postalCode"),
  };
  // What the shopper typed, to show again (a page without JavaScript is rendered anew).
  const values = Object.fromEntries(
    [...formData.entries()].filter(([name, v]) => name !== "intent" && typeof v === "string"),
  ) as Record<string, string>;
  const reply = (extra: Omit<CheckoutActionData, "intent" | "view" | "values">, view?: CheckoutView) =>
    checkoutView(input).then(
      (fresh) => ({ intent, values, view: view ?? fresh, ...extra }) as CheckoutActionData,
    );

  if (intent === "lookup") {
    const parsed = parseShopForm(formData, PostcodeLookupSchema);
    if (parsed.status !== "success")
      return reply({ fieldErrors: translatedErrors(parsed.error ?? {}, translate) });
    const found = await lookupCheckoutAddress(parsed.value);
    if (found.status === "found") {
      values.street = found.address.street ?? values.street ?? "";
      values.city = found.address.city ?? values.city ?? "";
      values.postalCode = found.address.postalCode;
    }
    return reply({ lookup: found.status === "found" ? { status: "found", missing: found.missing } : found });
  }

  if (intent === "code") {
    const parsed = parseShopForm(formData, DiscountCodeSchema);
    if (parsed.status !== "success")
      return reply({ fieldErrors: translatedErrors(parsed.error ?? {}, translate) });
    const applied = await applyCheckoutCode({ ...input, code: parsed.value.code });
    values.code = "";
    if (!applied.ok) {
      values.code = parsed.value.code;
      return reply({
        fieldErrors: {
          code: [translate(applied.error.messageKey, moneyValues(applied.error.values, base.locale))],
        },
      });
    }
    return reply({
      notice: applied.replaced
        ? translate("checkout:discount.replaced", { code: applied.code, previous: applied.replaced })
        : translate("checkout:discount.applied", { code: applied.code }),
    });
  }

  if (intent === "remove-code") {
    await removeCheckoutCode(base.cart, base.locale, base.channel);
    return reply({ notice: translate("checkout:discount.removed") });
  }

  if (intent === "place") {
    const parsed = parseSubmission(formData, CheckoutSchema, { t: translate });
    if (parsed.status === "error") return reply({ result: parsed.result });
    const { value } = parsed;
    const placed = await placeOrder({
      ...input,
      idempotencyKey: value.idempotencyKey,
      email: base.customer?.email ?? value.email,
      country: value.country,
      donationCents: Number(value.donationCents),
      address: value,
      paymentMethod: value.paymentMethod,
    });
    if (placed.ok) return redirectDocument(placed.checkoutUrl);
    const message = translate(placed.error.messageKey, moneyValues(placed.error.values, base.locale));
    return reply(
      placed.error.field
        ? { fieldErrors: { [placed.error.field]: [message] }, error: message }
        : { error: message },
    );
  }

  return reply({});
}

function translatedErrors(
  errors: Record<string, string[] | null>,
  translate: (key: string, values?: Record<string, unknown>) => string,
) {
  return Object.fromEntries(
    Object.entries(errors).map(([name, messages]) => [
      name,
      (messages ?? []).map((m) => translateMessage(translate, m)),
    ]),
  );
}

/** A refusal's values as its message shows them: cents become an amount in the shopper's format. */
function moneyValues(values: Record<string, string | number> | undefined, locale: Locale) {
  const { amountCents, ...rest } = values ?? {};
  return typeof amountCents === "number"
    ? { ...rest, amount: formatMoney(money(amountCents), locale) }
    : rest;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, loaderData ? loaderData.title : undefined, [
    { name: "robots", content: "noindex" },
  ]);
}

export default function CheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage data={loaderData} actionData={actionData as CheckoutActionData | undefined} />;
}

/** A blocked customer gets the blocked page (SPEC §6), with links to the FAQ and customer service. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403 && error.data?.reason === "blocked")
    return <BlockedUserPage />;
  return <ErrorPage statusCode={isRouteErrorResponse(error) ? error.status : 500} />;
}
