import { randomUUID } from "node:crypto";
import { data, isRouteErrorResponse, redirectDocument, useRouteError } from "react-router";
import { type CheckoutActionData, CheckoutPage } from "~/components/checkout/checkout-page";
import { BlockedUserPage, ErrorPage } from "~/components/system/system-pages";
import { cartRefOf } from "~/domains/cart/cart.server";
import {
  addCheckoutGiftCard,
  applyCheckoutCode,
  type CheckoutInput,
  type CheckoutView,
  checkoutView,
  lookupCheckoutAddress,
  placeOrder,
  removeCheckoutCode,
  removeCheckoutGiftCard,
  retryDefaults,
} from "~/domains/checkout/checkout.server";
import { type CheckoutIntent, CheckoutSchema, checkoutIntents } from "~/domains/checkout/validation";
import { CheckoutGiftCardSchema } from "~/domains/gift-cards/validation";
import { donationOf } from "~/domains/pricing/donation";
import { DiscountCodeSchema } from "~/domains/promotions/validation";
import { defaultCountryOf } from "~/domains/shipping/shipping.server";
import { PostcodeLookupSchema } from "~/domains/shipping/validation";
import { requireMayOrder } from "~/platform/auth/guards.server";
import { type Translate, translateMessage } from "~/platform/forms/messages";
import { parseShopForm, parseSubmission } from "~/platform/forms/submission";
import { isCountry } from "~/platform/forms/validators";
import { requestContext } from "~/platform/http/context";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { isRefusal } from "~/platform/refusal";
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
  // A button that names what it acts on says so after a colon (`remove-gift-card:12`).
  const [asked = "", subject = ""] = text(formData, "intent").split(":");
  const intent = asked as CheckoutIntent;
  if (!checkoutIntents.includes(intent)) throw data(null, { status: 400 });
  const t = translator(base.locale);
  const country = isCountry(text(formData, "country"))
    ? (text(formData, "country") as "NL")
    : defaultCountryOf(base.locale);
  const input: CheckoutInput & { pointSearch: string } = {
    ...base,
    email: text(formData, "email") || null,
    country,
    delivery: {
      methodId: text(formData, "methodId") || null,
      momentId: text(formData, "momentId") || null,
      servicePointId: text(formData, "servicePointId") || null,
    },
    donationCents: donationOf(text(formData, "donationCents")),
    useWallet: text(formData, "useWallet") === "on",
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
    if (parsed.status !== "success") return reply({ fieldErrors: translatedErrors(parsed.error ?? {}, t) });
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
    if (parsed.status !== "success") return reply({ fieldErrors: translatedErrors(parsed.error ?? {}, t) });
    const applied = await applyCheckoutCode({ ...input, code: parsed.value.code });
    values.code = "";
    if (isRefusal(applied)) {
      values.code = parsed.value.code;
      return reply({ fieldErrors: { code: [t(applied.messageKey, applied.values)] } });
    }
    return reply({
      notice: applied.replaced
        ? t("checkout:discount.replaced", { code: applied.code, previous: applied.replaced })
        : t("checkout:discount.applied", { code: applied.code }),
    });
  }

  if (intent === "remove-code") {
    await removeCheckoutCode(base.cart, base.locale, base.channel);
    return reply({ notice: t("checkout:discount.removed", {}) });
  }

  if (intent === "gift-card") {
    const parsed = parseShopForm(formData, CheckoutGiftCardSchema);
    if (parsed.status !== "success") return reply({ fieldErrors: translatedErrors(parsed.error ?? {}, t) });
    const added = await addCheckoutGiftCard(
      base.cart,
      { number: parsed.value.giftCardNumber, pin: parsed.value.giftCardPin },
      { ip: context.get(requestContext).ip },
    );
    values.giftCardNumber = "";
    values.giftCardPin = "";
    if (isRefusal(added))
      return reply({ fieldErrors: { giftCardNumber: [t(added.messageKey, added.values)] } });
    return reply({ notice: t("checkout:giftCards.added", { last4: added.last4 }) });
  }

  if (intent === "remove-gift-card") {
    const removed = await removeCheckoutGiftCard(base.cart, Number(subject) || 0);
    if (isRefusal(removed))
      return reply({ fieldErrors: { giftCardNumber: [t(removed.messageKey, removed.values)] } });
    return reply({ notice: t("checkout:giftCards.removed", {}) });
  }

  if (intent === "place") {
    const parsed = parseSubmission(formData, CheckoutSchema, { t });
    if (parsed.status === "error") return reply({ result: parsed.result });
    const { value } = parsed;
    const placed = await placeOrder({
      ...input,
      idempotencyKey: value.idempotencyKey,
      email: base.customer?.email ?? value.email,
      country: value.country,
      donationCents: Number(value.donationCents),
      address: value,
      paymentMethod: value.paymentMethod ?? null,
      useWallet: value.useWallet === "on",
    });
    if (!isRefusal(placed)) return redirectDocument(placed.checkoutUrl);
    // The order's refusal shows by the order button, and on its field when it has one.
    const message = t(placed.messageKey, placed.values);
    return reply(
      placed.field ? { fieldErrors: { [placed.field]: [message] }, error: message } : { error: message },
    );
  }

  return reply({});
}

function translatedErrors(errors: Record<string, string[] | null>, t: Translate) {
  return Object.fromEntries(
    Object.entries(errors).map(([name, messages]) => [
      name,
      (messages ?? []).map((m) => translateMessage(t, m)),
    ]),
  );
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
