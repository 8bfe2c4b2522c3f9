import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { type CheckoutIntent, CheckoutSchema } from "~/domains/checkout/validation";
import { paymentMethodInfo } from "~/domains/payments/methods";
import { translateMessage } from "~/platform/forms/messages";
import { useShopForm } from "~/platform/forms/use-shop-form";
import type { CheckoutActionData, CheckoutLoaderData } from "./types";

/**
 * The checkout form's state: the page as the last answer left it, the Conform form of the order, and the
 * requests of the other buttons. Every button posts the whole form (it works without JavaScript); with
 * JavaScript the same requests go through a fetcher, the totals follow every choice, and only the order
 * button validates.
 */
export function useCheckoutForm(data: CheckoutLoaderData, actionData: CheckoutActionData | undefined) {
  const { t } = useTranslation(["checkout", "forms", "orders", "payments"]);
  const fetcher = useFetcher<CheckoutActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const latest = fetcher.data ?? actionData;
  const view = latest?.view ?? data.view;
  const posted = actionData?.values ?? data.defaults;
  const serverErrors = latest?.fieldErrors ?? {};

  const busyIntent =
    fetcher.state !== "idle" ? (fetcher.formData?.get("intent") as CheckoutIntent | null) : null;
  const placing = busyIntent === "place" && fetcher.state === "submitting";
  const redirecting = busyIntent === "place" && fetcher.state === "loading";
  const updating = busyIntent !== null && busyIntent !== "place";

  const lastResult = actionData
    ? (actionData.result ?? { initialValue: actionData.values, error: actionData.fieldErrors })
    : fetcher.data?.intent === "place"
      ? (fetcher.data.result ?? { initialValue: fetcher.data.values, error: fetcher.data.fieldErrors })
      : undefined;

  const form = useShopForm({
    id: "checkout",
    schema: CheckoutSchema,
    lastResult,
    pending: placing || redirecting,
    defaultValue: {
      email: data.customer?.email ?? "",
      firstName: data.customer?.firstName ?? "",
      lastName: data.customer?.lastName ?? "",
      donationCents: "0",
      ...data.defaults,
      country: view.country,
      idempotencyKey: data.idempotencyKey,
    },
    onValidSubmit(event) {
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      fetcher.submit(new FormData(event.currentTarget, submitter), { method: "post" });
    },
  });

  // The lookup fills the street and town in; what it left empty stays for the shopper to type.
  const lookup = latest?.intent === "lookup" ? latest.lookup : undefined;
  const filled =
    fetcher.data?.intent === "lookup" && fetcher.data.lookup?.status === "found" ? fetcher.data : null;
  const { setValue } = form;
  const applied = useRef<unknown>(null);
  useEffect(() => {
    if (!filled || applied.current === filled) return;
    applied.current = filled;
    setValue("street", filled.values.street ?? "");
    setValue("city", filled.values.city ?? "");
    setValue("postalCode", filled.values.postalCode ?? "");
  }, [filled, setValue]);

  const [applePay, setApplePay] = useState(false);
  useEffect(() => setApplePay(typeof window !== "undefined" && "ApplePaySession" in window), []);

  const [methodId, setMethodId] = useState<string | null>(posted.methodId ?? view.methodId);
  useEffect(() => setMethodId(view.methodId), [view.methodId]);
  const method = view.methods.find((m) => m.id === methodId) ?? null;

  /** Recalculates the totals for the choices so far (JavaScript only; without it, the buttons do). */
  const update = (intent: CheckoutIntent = "update") => {
    const element = formRef.current;
    if (!element) return;
    const body = new FormData(element);
    body.set("intent", intent);
    fetcher.submit(body, { method: "post" });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    // Conform validates through submit events of its own; those, and the order button, are its to handle.
    if (submitter?.name !== "intent" || submitter.value === "place") {
      form.formProps.onSubmit(event);
      return;
    }
    event.preventDefault();
    fetcher.submit(new FormData(event.currentTarget, submitter), { method: "post" });
  };

  /** A choice's message: the server's (already translated) or the browser's check. */
  const fieldError = (name: string, label = "") => {
    const client = form.field(name)?.errors?.[0];
    return serverErrors[name]?.[0] ?? (client ? translateMessage(t, client, { label }) : undefined);
  };

  return {
    form,
    formRef,
    latest,
    view,
    busyIntent,
    placing,
    redirecting,
    updating,
    lookup,
    methodId,
    setMethodId,
    method,
    update,
    onSubmit,
    fieldError,
    /** What was posted for a field (shown again by choices the form does not own). */
    value: (name: string) => posted[name],
    /** The payment methods to show: Apple Pay only where the browser has it. */
    offered: view.paymentMethods.filter((m) => !paymentMethodInfo[m].needsApplePay || applePay),
  };
}

export type CheckoutFormState = ReturnType<typeof useCheckoutForm>;
