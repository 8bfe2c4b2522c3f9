// `npm run outbox [-- --limit 20 --to someone@example.nl]`: the newest e-mails and SMS in the outbox.
import { parseArgs } from "node:util";
import { latestMessages } from "../app/domains/notifications/notifications.server";
import { runCommand } from "./cli";

const { values } = parseArgs({
  options: {
    limit: { type: "string", default: "10" },
    to: { type: "string" },
    full: { type: "boolean", default: false },
  },
});

await runCommand(async () => {
  const messages = await latestMessages({ limit: Number(values.limit), to: values.to });
  if (messages.length === 0) console.log("The outbox is empty.");
  for (const m of messages.reverse()) {
    const title = m.channel === "email" ? m.subject : m.text;
    console.log(
      `\n${m.createdAt.toISOString()}  ${m.channel.toUpperCase()} ${m.status} → ${m.recipient} [${m.locale}] ${m.template}`,
    );
    console.log(`  ${title}`);
    if (m.channel === "email")
      console.log(values.full ? m.text : `  ${m.text.split("\n").filter(Boolean).slice(0, 6).join("\n  ")}`);
    if (m.lastError) console.log(`  last error (attempt ${m.attempts}): ${m.lastError}`);
  }
});
