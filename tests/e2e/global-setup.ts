import { baseURL } from "../../playwright.config";

/**
 * Runs after the web server answers ready: waits until the demo photos are drawn too. The first start
 * answers ready while it still draws them (placeholders meanwhile, docs/scaling.md "First start"), and
 * drawing 400-odd photo sets takes both cores for a minute or two: journeys that ran meanwhile were four
 * times slower and the longest of them passed their 30 s limit.
 */
export default async function waitForPhotos() {
  const deadline = Date.now() + Number(process.env.E2E_SERVER_TIMEOUT ?? 300_000);
  for (;;) {
    const ready = (await fetch(`${baseURL}/api/ready/`)
      .then((r) => r.json())
      .catch(() => ({}))) as { photosPending?: number };
    if (ready.photosPending === 0) return;
    if (Date.now() > deadline)
      throw new Error(`the demo photos were not drawn in time (${ready.photosPending} left)`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
