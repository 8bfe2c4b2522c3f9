import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Environment of ARCHITECTURE.md, parsed once. Unknown values fail at start-up, not at first use. */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./.data"),
  DATABASE_URL: z.string().url().optional(),
  BASE_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  I18N_STRATEGY: z.enum(["prefix", "prefix_except_default"]).default("prefix"),
  PAYMENT_PROVIDER: z.enum(["sandbox", "mollie"]).default("sandbox"),
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(test|live)_\w{20,}$/, "a Mollie API key starts with test_ or live_")
    .optional(),
  /** Mollie's API at another address (the fault harness's fake Mollie, `npm run test:faults`); unset: Mollie's. */
  MOLLIE_API_URL: z.string().url().optional(),
  /** Signs the sandbox PSP's webhooks (HMAC-SHA256); generated into DATA_DIR when unset. */
  PAYMENT_WEBHOOK_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().default("Shop <service@shop.example>"),
  SMS_GATEWAY_URL: z.string().url().optional(),
  /** NL postcode + house number lookup over HTTP; unset: the bundled sample data. */
  ADDRESS_LOOKUP_URL: z.string().url().optional(),
  /** Carrier service-point search over HTTP; unset: the bundled sample data. */
  SERVICE_POINTS_URL: z.string().url().optional(),
  SENTRY_DSN: z.string().optional(),
  /** The shop's own account that marketplace payouts are paid from (the SEPA file's debtor, decision 0046). */
  PAYOUT_DEBTOR_NAME: z.string().min(1).max(70).default("Loom & Label B.V."),
  PAYOUT_DEBTOR_IBAN: z
    .string()
    .regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/, "an IBAN in electronic format")
    .default("NL91ABNA0417164300"),
  PAYOUT_DEBTOR_BIC: z
    .string()
    .regex(/^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "a BIC")
    .default("ABNANL2A"),
  SEED: z
    .string()
    .regex(/^(none|demo|bench:\d+(:\d+)?)$/)
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  JOBS: z.enum(["on", "off"]).default("on"),
  /** The built-in micro-cache of shareable public pages (docs/decisions/0008-micro-cache.md). */
  MICRO_CACHE: z.enum(["on", "off"]).default("on"),
  /** Behind a load balancer or CDN: take the client's IP from X-Forwarded-For (per-IP throttling). */
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  /** State-changing requests per client IP per minute, per process (docs/security.md); 0 turns it off. */
  WRITE_RATE_LIMIT: z.coerce.number().int().min(0).default(600),
});

export type Env = z.infer<typeof schema> & {
  BASE_URL: string;
  SESSION_SECRET: string;
  PAYMENT_WEBHOOK_SECRET: string;
  DATA_DIR: string;
};

let cached: Env | undefined;

function emptyToUndefined(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === "" ? undefined : v]));
}

/** Secrets live in DATA_DIR so that sessions and signatures survive restarts without any set-up. */
function generatedSecret(dataDir: string, name: string, given: string | undefined): string {
  if (given) return given;
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(emptyToUndefined(process.env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  if (parsed.data.PAYMENT_PROVIDER === "mollie" && !parsed.data.MOLLIE_API_KEY) {
    throw new Error("Invalid environment: PAYMENT_PROVIDER=mollie needs MOLLIE_API_KEY");
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  cached = {
    ...parsed.data,
    DATA_DIR: dataDir,
    // `npm run dev` serves through Vite on 5173; `npm start` on PORT.
    BASE_URL:
      parsed.data.BASE_URL ??
      `http://localhost:${parsed.data.NODE_ENV === "development" ? 5173 : parsed.data.PORT}`,
    SESSION_SECRET: generatedSecret(dataDir, "session-secret", parsed.data.SESSION_SECRET),
    PAYMENT_WEBHOOK_SECRET: generatedSecret(
      dataDir,
      "payment-webhook-secret",
      parsed.data.PAYMENT_WEBHOOK_SECRET,
    ),
  };
  return cached;
}
