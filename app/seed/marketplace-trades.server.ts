// Demo marketplace purchases (decision 0047), so every screen of issue 18 shows a real case on first start:
// a sale the demo shopper must ship, a purchase of theirs in dispute (a photo, a message from the seller,
// waiting in support's queue), one just delivered (the dispute window open), and completed ones with
// reviews (store ratings, a reply). Written as rows in one transaction — each state reached by the table's
// own path, logged with its actors, paid through sandbox payments that can be refunded — without e-mails
// or timers (the sweep plans those from the table). A few milliseconds; the one photo is drawn by sharp.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { asc, eq, ne } from "drizzle-orm";
import sharp from "sharp";
import {
  marketplaceConversations,
  marketplaceFavourites,
  marketplaceListings,
  marketplaceStores,
} from "../domains/marketplace/tables.server";
import { priceQuote, tradeSettings } from "../domains/marketplace/transactions/buying.server";
import {
  marketplaceDisputeMessages,
  marketplaceDisputes,
  marketplaceReviews,
  marketplaceStoreBundles,
  marketplaceTransactionItems,
  marketplaceTransactionLog,
  marketplaceTransactions,
} from "../domains/marketplace/transactions/tables.server";
import {
  checkTransition,
  earningsOf,
  ruleOf,
  type TransactionState,
  type TransactionTransition,
} from "../domains/marketplace/transactions/transaction-process";
import { payments, sandboxPayments } from "../domains/payments/tables.server";
import { walletEntries } from "../domains/wallet/tables.server";
import { user } from "../platform/auth/tables.server";
import type { Database } from "../platform/db/db.server";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DEMO_EMAIL = "demo@loomandlabel.test";

type SeedTx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Step = [TransactionTransition, "customer" | "provider" | "operator" | "system", note?: string];

interface Trade {
  buyerId: string;
  listing: { id: number; storeId: number; ownerId: string; title: string; priceCents: number };
  /** The path through the table, oldest first, and when the last step was taken. */
  steps: Step[];
  lastAt: Date;
  review?: { rating: number; body: string; reply?: string };
}

const paths = {
  mustShip: [
    ["enquire", "customer"],
    ["confirm-payment", "system"],
  ],
  delivered: [
    ["enquire", "customer"],
    ["confirm-payment", "system"],
    ["send-item", "provider"],
    ["delivered", "system", "carrier"],
  ],
  dispute: [
    ["enquire", "customer"],
    ["confirm-payment", "system"],
    ["send-item", "provider"],
    ["delivered", "system", "carrier"],
    ["dispute-by-customer", "customer", "De mouw heeft een scheur die niet op de foto’s stond."],
  ],
  reviewed: [
    ["enquire", "customer"],
    ["confirm-payment", "system"],
    ["send-item", "provider"],
    ["delivered", "system", "carrier"],
    ["complete-by-customer", "customer"],
    ["review-by-customer", "customer"],
  ],
} satisfies Record<string, Step[]>;

/** Writes one purchase that walked `steps`, each checked against the table; answers its id. */
async function writeTrade(
  tx: SeedTx,
  trade: Trade,
  settings: Awaited<ReturnType<typeof tradeSettings>>,
): Promise<number> {
  const quote = priceQuote([trade.listing], "home", null, null, settings);
  const stepGap = 6 * HOUR;
  const times = trade.steps.map(
    (_, i) => new Date(trade.lastAt.getTime() - (trade.steps.length - 1 - i) * stepGap),
  );
  let state: TransactionState | null = null;
  for (const [i, [transition, actor]] of trade.steps.entries()) {
    const check = checkTransition(state, transition, actor, {
      enteredAt: times[Math.max(0, i - 1)]!,
      now: times[i]!,
    });
    if ("refused" in check) throw new Error(`demo trade: ${transition} refused (${check.refused})`);
    state = check.to;
  }
  const final = state!;
  const taken = new Set(trade.steps.map(([t]) => t));
  const available = [...taken].some((t) => ruleOf(t).money === "earnings-available");
  const [buyer] = await tx.select({ name: user.name }).from(user).where(eq(user.id, trade.buyerId));
  const [created] = await tx
    .insert(marketplaceTransactions)
    .values({
      buyerId: trade.buyerId,
      storeId: trade.listing.storeId,
      providerId: trade.listing.ownerId,
      state: final,
      stateEnteredAt: times.at(-1)!,
      delivery: "home",
      address: {
        name: buyer?.name ?? "Demo",
        street: "Prinsengracht",
        houseNumber: String(100 + trade.listing.id),
        postalCode: "1015 DX",
        city: "Amsterdam",
        country: "NL",
      },
      itemsCents: quote.itemsCents,
      bundleDiscountCents: 0,
      priceCents: quote.priceCents,
      shippingCents: quote.shippingCents,
      feeCents: quote.feeCents,
      commissionCents: quote.commissionCents,
      totalCents: quote.totalCents,
      earnings: available ? "available" : "pending",
      carrier: taken.has("send-item") ? "sandbox" : null,
      locale: "nl",
      idempotencyKey: `demo-${randomUUID()}`,
      createdAt: times[0]!,
      updatedAt: times.at(-1)!,
    })
    .returning({ id: marketplaceTransactions.id });
  const id = created!.id;
  const number = `M${String(id).padStart(7, "0")}`;
  const trackingCode = taken.has("send-item") ? `SBX${String(id).padStart(8, "0")}` : null;
  const paymentId = `pay_${randomBytes(15).toString("base64url")}`;
  const sandboxId = `sbx_${randomBytes(15).toString("base64url")}`;
  // The sandbox PSP's books and the shop's: a paid iDEAL payment that a refund can go back through.
  await tx.insert(sandboxPayments).values({
    id: sandboxId,
    amountCents: quote.totalCents,
    description: `Loom & Label ${number}`,
    method: "ideal",
    issuer: "ING",
    locale: "nl",
    redirectUrl: "/",
    webhookUrl: "/api/webhooks/sandbox",
    idempotencyKey: `demo-${sandboxId}`,
    status: "paid",
    createdAt: times[0]!,
    expiresAt: new Date(times[0]!.getTime() + DAY),
    decidedAt: times[1]!,
  });
  await tx.insert(payments).values({
    id: paymentId,
    purpose: "marketplace",
    reference: number,
    amountCents: quote.totalCents,
    method: "ideal",
    issuer: "ING",
    locale: "nl",
    description: `Loom & Label ${number}`,
    returnUrl: "/",
    status: "paid",
    provider: "sandbox",
    providerId: sandboxId,
    idempotencyKey: `marketplace:${id}:payment`,
    createdAt: times[0]!,
    paidAt: times[1]!,
  });
  await tx
    .update(marketplaceTransactions)
    .set({ paymentId, trackingCode })
    .where(eq(marketplaceTransactions.id, id));
  await tx.insert(marketplaceTransactionItems).values({
    transactionId: id,
    listingId: trade.listing.id,
    title: trade.listing.title,
    priceCents: trade.listing.priceCents,
  });
  let from: TransactionState | null = null;
  for (const [i, [transition, actor, note]] of trade.steps.entries()) {
    const to = ruleOf(transition).to;
    await tx.insert(marketplaceTransactionLog).values({
      transactionId: id,
      transition,
      fromState: from,
      toState: to,
      actor,
      actorId: actor === "customer" ? trade.buyerId : actor === "provider" ? trade.listing.ownerId : null,
      note: note ?? null,
      createdAt: times[i]!,
    });
    from = to;
  }
  await tx
    .update(marketplaceListings)
    .set({ state: available ? "sold" : "reserved" })
    .where(eq(marketplaceListings.id, trade.listing.id));
  if (available)
    await tx.insert(walletEntries).values({
      userId: trade.listing.ownerId,
      amountCents: earningsOf(quote),
      kind: "marketplace",
      reference: number,
      idempotencyKey: `marketplace:${id}:earnings`,
      createdAt: times.at(-2)!,
    });
  if (trade.review)
    await tx.insert(marketplaceReviews).values({
      transactionId: id,
      storeId: trade.listing.storeId,
      buyerId: trade.buyerId,
      rating: trade.review.rating,
      body: trade.review.body,
      reply: trade.review.reply ?? null,
      repliedAt: trade.review.reply ? times.at(-1)! : null,
      createdAt: times.at(-1)!,
    });
  return id;
}

/** A photo of the problem for the demo dispute (a plain picture: sharp draws it in a few ms). */
async function demoPhoto(dataDir: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#d9cbb4"/><path d="M250 120 L550 120 L600 480 L200 480 Z" fill="#7a5a3a"/><path d="M420 250 L470 330" stroke="#f4efe6" stroke-width="10"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  const dir = path.join(dataDir, "dispute-photos");
  await mkdir(dir, { recursive: true });
  const file = `${randomUUID()}.webp`;
  await writeFile(path.join(dir, file), data);
  return { file, width: info.width, height: info.height };
}

/**
 * Seeds the demo purchases once the demo marketplace exists (the demo shopper and their store); answers
 * how many, 0 when there is no demo shopper or other stores to trade with.
 */
export async function seedDemoTrades(
  db: Database,
  options: { dataDir: string; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const settings = await tradeSettings();
  const photo = await demoPhoto(options.dataDir);
  return db.transaction(async (tx) => {
    const [demo] = await tx.select({ id: user.id }).from(user).where(eq(user.email, DEMO_EMAIL));
    if (!demo) return 0;
    const forSale = await tx
      .select({
        id: marketplaceListings.id,
        storeId: marketplaceListings.storeId,
        ownerId: marketplaceStores.userId,
        title: marketplaceListings.title,
        priceCents: marketplaceListings.priceCents,
      })
      .from(marketplaceListings)
      .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId))
      .where(eq(marketplaceListings.state, "published"))
      .orderBy(asc(marketplaceListings.id));
    const own = forSale.filter((l) => l.ownerId === demo.id);
    // Other stores' listings, one per store, none the demo's conversations or favourites are about.
    const talkedAbout = new Set(
      [
        ...(await tx.select({ id: marketplaceConversations.listingId }).from(marketplaceConversations)),
        ...(await tx.select({ id: marketplaceFavourites.listingId }).from(marketplaceFavourites)),
      ].map((r) => r.id),
    );
    const seen = new Set<number>();
    const others = forSale.filter(
      (l) => l.ownerId !== demo.id && !talkedAbout.has(l.id) && !seen.has(l.storeId) && seen.add(l.storeId),
    );
    const people = (
      await tx
        .select({ id: marketplaceStores.userId })
        .from(marketplaceStores)
        .where(ne(marketplaceStores.userId, demo.id))
        .orderBy(asc(marketplaceStores.id))
    ).map((r) => r.id);
    if (own.length < 2 || others.length < 5 || people.length < 3) return 0;
    /** Someone other than the listing's owner (and the demo shopper) to buy it. */
    const someoneFor = (ownerId: string) => people.findLast((p) => p !== ownerId)!;
    const trades: Trade[] = [
      // The demo shopper must ship this sale: the oldest of their listings, paid a day ago.
      {
        buyerId: someoneFor(demo.id),
        listing: own.at(-1)!,
        steps: paths.mustShip,
        lastAt: new Date(now.getTime() - DAY),
      },
      // Their purchase in dispute, six hours after delivery; the seller answered, support has not.
      {
        buyerId: demo.id,
        listing: others[0]!,
        steps: paths.dispute,
        lastAt: new Date(now.getTime() - 6 * HOUR),
      },
      // Just delivered to them: the dispute window is open.
      {
        buyerId: demo.id,
        listing: others[1]!,
        steps: paths.delivered,
        lastAt: new Date(now.getTime() - 3 * HOUR),
      },
      // Completed and reviewed: theirs as a buyer, and other stores' (store ratings on the store pages).
      {
        buyerId: demo.id,
        listing: others[2]!,
        steps: paths.reviewed,
        lastAt: new Date(now.getTime() - 9 * DAY),
        review: {
          rating: 5,
          body: "Precies zoals beschreven en snel verstuurd. Dank je!",
          reply: "Veel plezier ermee!",
        },
      },
      {
        buyerId: someoneFor(others[3]!.ownerId),
        listing: others[3]!,
        steps: paths.reviewed,
        lastAt: new Date(now.getTime() - 12 * DAY),
        review: { rating: 4, body: "Mooi stuk, de maat valt iets kleiner dan gedacht." },
      },
      {
        buyerId: demo.id,
        listing: others[4]!,
        steps: paths.reviewed,
        lastAt: new Date(now.getTime() - 20 * DAY),
        review: { rating: 3, body: "Goede staat, maar het pakket deed er lang over." },
      },
    ];
    const ids: number[] = [];
    for (const trade of trades) ids.push(await writeTrade(tx, trade, settings));
    const disputeId = ids[1]!;
    const disputed = trades[1]!;
    await tx.insert(marketplaceDisputes).values({
      transactionId: disputeId,
      reason: paths.dispute.at(-1)![2]!,
      photos: [photo],
      createdAt: disputed.lastAt,
    });
    await tx.insert(marketplaceDisputeMessages).values({
      transactionId: disputeId,
      author: "provider",
      authorId: disputed.listing.ownerId,
      body: "Dat spijt me! Bij het versturen was de mouw nog heel. Kun je een foto van dichtbij sturen?",
      createdAt: new Date(disputed.lastAt.getTime() + HOUR),
    });
    // The demo store's bundle discount, so the settings screen and a bundle purchase show one.
    const storeId = own[0]!.storeId;
    await tx
      .insert(marketplaceStoreBundles)
      .values({ storeId, percent: 10, fromItems: 2 })
      .onConflictDoNothing();
    return ids.length;
  });
}
