import { Button, Column, Hr, Row, Section, Text } from "@react-email/components";
import type { Locale } from "../../../platform/i18n/locales";
import { formatMoney, money } from "../../../platform/money";
import type { EmailProps } from "../templates.server";
import { buttonStyle, EmailLayout } from "./layout";

/** What the order e-mails show of an order (the orders domain's `OrderDetail` fits it). */
export interface OrderEmailData {
  order: {
    number: string;
    status: string;
    trackAndTrace: string | null;
    lines: {
      name: string;
      size: string;
      colour: string;
      quantity: number;
      unitPriceCents: number;
      totalCents: number;
      discountCents: number;
    }[];
    totals: {
      subtotalCents: number;
      discountCents: number;
      discountCode: string | null;
      shippingCents: number;
      donationCents: number;
      totalCents: number;
      giftCardCents: number;
      walletCents: number;
      amountDueCents: number;
      vat: { lines: { ratePercent: number; vatCents: number; netCents: number }[]; exemptCents: number };
    };
    shipping: {
      carrier: string;
      type: "home" | "service-point";
      moment: { date: string; from: string; to: string } | null;
      servicePoint: {
        name: string;
        street: string;
        houseNumber: string;
        postalCode: string;
        city: string;
      } | null;
    };
    shippingAddress: {
      firstName: string;
      lastName: string;
      street: string;
      houseNumber: string;
      addition?: string | null;
      postalCode: string;
      city: string;
      country: string;
    };
    paymentMethod: string;
  };
  orderUrl: string;
}

const muted = { color: "#6b625a", fontSize: 13, margin: "2px 0" };
const cell = { fontSize: 14, margin: "4px 0" };
const right = { ...cell, textAlign: "right" as const };

function euros(locale: Locale) {
  return (cents: number) => formatMoney(money(cents), locale);
}

function Amount({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  const style = strong ? { ...cell, fontWeight: 700 } : cell;
  return (
    <Row>
      <Column>
        <Text style={style}>{label}</Text>
      </Column>
      <Column>
        <Text style={{ ...style, textAlign: "right" }}>{value}</Text>
      </Column>
    </Row>
  );
}

/** Sent when the payment of an order succeeded: the lines, totals with the VAT breakdown, and the delivery. */
export function OrderConfirmationEmail({ t, locale, lang, data }: EmailProps<OrderEmailData>) {
  const { order } = data;
  const amount = euros(locale);
  const { totals, shipping, shippingAddress: a } = order;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(lang, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
      new Date(`${iso}T12:00:00Z`),
    );
  return (
    <EmailLayout t={t} lang={lang} preview={t("orders:email.confirmation.preview", { number: order.number })}>
      <Text>{t("orders:email.confirmation.greeting", { name: a.firstName })}</Text>
      <Text>{t("orders:email.confirmation.intro", { number: order.number })}</Text>
      <Section>
        {order.lines.map((line) => (
          <Row key={`${line.name}-${line.size}`}>
            <Column>
              <Text style={cell}>
                {line.quantity} × {line.name}
              </Text>
              <Text style={muted}>
                {t("orders:email.lineDetails", {
                  size: line.size,
                  colour: t(`catalog:colours.${line.colour}`, { defaultValue: line.colour }),
                })}
              </Text>
            </Column>
            <Column>
              <Text style={right}>{amount(line.quantity * line.unitPriceCents)}</Text>
            </Column>
          </Row>
        ))}
      </Section>
      <Hr style={{ borderColor: "#e8e1d8" }} />
      <Section>
        <Amount label={t("orders:totals.subtotal")} value={amount(totals.subtotalCents)} />
        {totals.discountCents > 0 && (
          <Amount
            label={t("orders:totals.discountWithCode", { code: totals.discountCode ?? "" })}
            value={`−${amount(totals.discountCents)}`}
          />
        )}
        <Amount
          label={t("orders:totals.shipping")}
          value={totals.shippingCents === 0 ? t("orders:totals.free") : amount(totals.shippingCents)}
        />
        {totals.donationCents > 0 && (
          <Amount label={t("orders:totals.donation")} value={amount(totals.donationCents)} />
        )}
        <Amount label={t("orders:totals.total")} value={amount(totals.totalCents)} strong />
        {totals.giftCardCents > 0 && (
          <Amount label={t("orders:totals.giftCard")} value={`−${amount(totals.giftCardCents)}`} />
        )}
        {totals.walletCents > 0 && (
          <Amount label={t("orders:totals.wallet")} value={`−${amount(totals.walletCents)}`} />
        )}
        {totals.vat.lines.map((v) => (
          <Text key={v.ratePercent} style={muted}>
            {t("orders:totals.vatLine", {
              rate: v.ratePercent,
              vat: amount(v.vatCents),
              net: amount(v.netCents),
            })}
          </Text>
        ))}
        {totals.vat.exemptCents > 0 && (
          <Text style={muted}>
            {t("orders:totals.vatExempt", { amount: amount(totals.vat.exemptCents) })}
          </Text>
        )}
      </Section>
      <Hr style={{ borderColor: "#e8e1d8" }} />
      <Text style={{ ...cell, fontWeight: 700 }}>{t("orders:email.delivery")}</Text>
      {shipping.type === "service-point" && shipping.servicePoint ? (
        <Text style={cell}>
          {t("orders:email.servicePoint", { carrier: shipping.carrier })}
          <br />
          {shipping.servicePoint.name}
          <br />
          {shipping.servicePoint.street} {shipping.servicePoint.houseNumber},{" "}
          {shipping.servicePoint.postalCode} {shipping.servicePoint.city}
        </Text>
      ) : (
        <Text style={cell}>
          {a.firstName} {a.lastName}
          <br />
          {a.street} {a.houseNumber}
          {a.addition ? ` ${a.addition}` : ""}
          <br />
          {a.postalCode} {a.city}, {t(`forms:countries.${a.country}`)}
        </Text>
      )}
      {shipping.moment && (
        <Text style={muted}>
          {t("orders:email.moment", {
            date: date(shipping.moment.date),
            from: shipping.moment.from,
            to: shipping.moment.to,
          })}
        </Text>
      )}
      <Text style={muted}>
        {t("orders:email.paidWith", { method: t(`orders:paymentMethods.${order.paymentMethod}`) })}
      </Text>
      <Button href={data.orderUrl} style={buttonStyle}>
        {t("orders:email.viewOrder")}
      </Button>
    </EmailLayout>
  );
}

/** Sent when staff mark an order shipped, with its track & trace code. */
export function OrderShippedEmail({ t, lang, data }: EmailProps<OrderEmailData>) {
  const { order } = data;
  return (
    <EmailLayout t={t} lang={lang} preview={t("orders:email.shipped.preview", { number: order.number })}>
      <Text>{t("orders:email.shipped.body", { number: order.number, carrier: order.shipping.carrier })}</Text>
      {order.trackAndTrace && (
        <Text>{t("orders:email.shipped.trackAndTrace", { code: order.trackAndTrace })}</Text>
      )}
      <Button href={data.orderUrl} style={buttonStyle}>
        {t("orders:email.viewOrder")}
      </Button>
    </EmailLayout>
  );
}

/** Sent when a paid order is canceled (the refund follows through the payment provider). */
export function OrderCanceledEmail({ t, lang, data }: EmailProps<OrderEmailData>) {
  const { order } = data;
  return (
    <EmailLayout t={t} lang={lang} preview={t("orders:email.canceled.preview", { number: order.number })}>
      <Text>{t("orders:email.canceled.body", { number: order.number })}</Text>
      <Text>{t("orders:email.canceled.refund")}</Text>
      <Button href={data.orderUrl} style={buttonStyle}>
        {t("orders:email.viewOrder")}
      </Button>
    </EmailLayout>
  );
}
