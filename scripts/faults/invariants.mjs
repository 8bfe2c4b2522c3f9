// The invariants of issue 21, each one SQL query on the harness's database: each answers null when it
// holds, or a short description of what breaks it.

/** Orders in these statuses have been paid (PRODUCT.md's order transitions). */
const PAID_STATUSES = "('processing', 'holded', 'complete', 'closed')";

/** stock + units in live orders, for the sizes the harness sells. */
export async function stockAndReserved(db, variantIds) {
  const {
    rows: [row],
  } = await db.query(
    `select (select coalesce(sum(stock), 0)::int from product_variants where id = any($1)) as stock,
            (select coalesce(sum(l.quantity), 0)::int from order_lines l join orders o on o.id = l.order_id
              where l.variant_id = any($1) and o.stock_returned_at is null) as reserved`,
    [variantIds],
  );
  return row.stock + row.reserved;
}

export const invariantNames = [
  "stock",
  "paid ⇒ order paid",
  "paid once",
  "refund ≤ paid",
  "outbox once",
  "pending expires",
];

/**
 * Checks every invariant. `start` is stock + reserved units when the harness began; `sink` and `sms` count
 * the deliveries the SMTP sink and the SMS gateway received per outbox id. `settled` asks the outbox to be
 * done (nothing pending); before that, only "never twice" is checked. `duplicatesAllowed`: the kills so far.
 */
export async function checkInvariants(
  db,
  { variantIds, start, since, sink, sms, settled, duplicatesAllowed = 0 },
) {
  const failures = {};
  const total = await stockAndReserved(db, variantIds);
  if (total !== start) failures.stock = `stock + reserved units = ${total}, at start ${start}`;

  const canceledWithStock = await db.query(
    `select number from orders
      where created_at >= $1 and (status = 'canceled') <> (stock_returned_at is not null) limit 3`,
    [since],
  );
  if (canceledWithStock.rows.length)
    failures.stock = `${failures.stock ?? ""} orders whose returned stock does not match their status: ${canceledWithStock.rows.map((r) => r.number)}`;

  const unpaidOrders = await db.query(
    `select p.id, p.reference, o.status from payments p left join orders o on o.number = p.reference
      where p.purpose = 'order' and p.created_at >= $1 and p.status = 'paid' and p.refunded_cents < p.amount_cents
        and (o.status is null or o.status not in ${PAID_STATUSES})
        -- a payment that came in for an order canceled meanwhile is refunded: its refund is on its way
        and not exists (select 1 from payment_refunds r where r.payment_id = p.id and r.status <> 'failed')
      limit 5`,
    [since],
  );
  if (unpaidOrders.rows.length)
    failures["paid ⇒ order paid"] =
      `${unpaidOrders.rows.length} paid payments whose order is not paid: ${JSON.stringify(unpaidOrders.rows)}`;

  const twice = await db.query(
    `select reference, count(*)::int as n from payments
      where purpose = 'order' and created_at >= $1 and status = 'paid' and refunded_cents < amount_cents
      group by reference having count(*) > 1 limit 5`,
    [since],
  );
  if (twice.rows.length) failures["paid once"] = `orders paid twice: ${JSON.stringify(twice.rows)}`;

  const overRefunded = await db.query(
    `select p.id, p.amount_cents, p.refunded_cents,
            (select coalesce(sum(r.amount_cents), 0)::int from payment_refunds r
              where r.payment_id = p.id and r.status <> 'failed') as asked
       from payments p
      where p.refunded_cents > p.amount_cents
         or (select coalesce(sum(r.amount_cents), 0) from payment_refunds r
              where r.payment_id = p.id and r.status <> 'failed') > p.amount_cents
      limit 5`,
  );
  const overSandbox = await db.query(
    `select id from sandbox_payments where refunded_cents > amount_cents limit 5`,
  );
  if (overRefunded.rows.length || overSandbox.rows.length)
    failures["refund ≤ paid"] =
      `refunded more than paid: ${JSON.stringify([...overRefunded.rows, ...overSandbox.rows])}`;

  const { rows: messages } = await db.query(
    `select id, channel, status, transport, attempts from outbox_messages where transport in ('smtp', 'sms-gateway')
        or status = 'pending'`,
  );
  const problems = [];
  // A process killed between the gateway's "accepted" and its own record sends that one message again,
  // under the same Message-ID / idempotency key (which the mailbox and the gateway use to drop the copy):
  // at most one per kill. Anything more is a batch sent twice.
  const repeats = [...sink.received, ...sms.received].filter(([, n]) => n > 1);
  const extra = repeats.reduce((sum, [, n]) => sum + n - 1, 0);
  if (extra > duplicatesAllowed)
    problems.push(
      `${extra} repeated deliveries (${duplicatesAllowed} allowed): ${repeats
        .slice(0, 3)
        .map(([id, n]) => `${id} ×${n}`)
        .join(", ")}`,
    );
  for (const message of messages) {
    const got = (message.channel === "email" ? sink : sms).received.get(message.id) ?? 0;
    if (message.status === "sent" && got === 0) problems.push(`${message.id} marked sent, never received`);
    if (settled && message.status === "pending") problems.push(`${message.id} still pending`);
    if (message.status === "failed" && message.attempts < 8)
      problems.push(`${message.id} failed after ${message.attempts} attempts`);
  }
  if (problems.length) failures["outbox once"] = `${problems.length}: ${problems.slice(0, 3).join("; ")}`;

  // A pending order carries its expiry (30 minutes after it was placed): the every-minute job cancels it.
  const unending = await db.query(
    `select number from orders where created_at >= $1 and status = 'pending'
        and (expires_at is null or expires_at > created_at + interval '31 minutes') limit 5`,
    [since],
  );
  if (unending.rows.length)
    failures["pending expires"] = `pending orders without an expiry: ${unending.rows.map((r) => r.number)}`;
  return failures;
}
