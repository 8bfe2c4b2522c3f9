import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import enDemo from "../../app/locales/en/demo.json" with { type: "json" };
import en from "../../app/locales/en/ui.json" with { type: "json" };
import nlDemo from "../../app/locales/nl/demo.json" with { type: "json" };
import nl from "../../app/locales/nl/ui.json" with { type: "json" };

/* Keyboard journeys through the overlays and display primitives on /{locale}/demo/. */

const problems: string[] = [];

test.beforeEach(({ page }) => {
  problems.length = 0;
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page: ${error.message}`));
});

test.afterEach(() => {
  expect(problems, "no console errors").toEqual([]);
});

/** Opens the demo with the keyboard's starting point at a section (a URL fragment moves it there). */
async function openDemo(page: Page, section: string, locale = "en") {
  const response = await page.goto(`/${locale}/demo/#${section}`);
  // Only the fragment changed when the page was already open: no new response, same document.
  if (response) expect(response.status()).toBe(200);
  await expect(page.locator("[data-demo=overlays][data-ready]")).toBeAttached();
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has focus, like a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press("Tab");
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

async function expectFocusInside(container: Locator) {
  await expect
    .poll(() => container.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
}

/** Tabs forwards and backwards through more stops than the overlay has: focus must never leave it. */
async function expectFocusTrapped(page: Page, container: Locator) {
  const stops = await container
    .locator("button, a[href], input, select, textarea, [tabindex]:not([tabindex='-1'])")
    .count();
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let press = 0; press < stops + 2; press += 1) {
      await page.keyboard.press(key);
      expect(await container.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
  }
}

/** Behind an open overlay the page is inert (out of reach for keyboard, pointer and screen readers) and still. */
async function expectBackgroundBlocked(page: Page, blocked: boolean) {
  const state = () =>
    page.locator("main#main").evaluate((element) => ({
      inert: Boolean(element.closest("[inert]")),
      scrollLocked: getComputedStyle(document.body).overflow === "hidden",
    }));
  await expect.poll(state).toEqual({ inert: blocked, scrollLocked: blocked });
}

const overlays = [
  {
    section: "demo-modal",
    opener: enDemo.modal.openNewsletter,
    name: enDemo.modal.newsletterTitle,
    key: "Enter",
  },
  {
    section: "demo-modal",
    opener: enDemo.modal.openConfirm,
    name: enDemo.modal.confirmTitle,
    key: "Space",
  },
  { section: "demo-modal", opener: enDemo.modal.openLong, name: enDemo.modal.longTitle, key: "Enter" },
  { section: "demo-fly-in", opener: enDemo.flyIn.openMenu, name: enDemo.flyIn.menuTitle, key: "Enter" },
  { section: "demo-fly-in", opener: enDemo.flyIn.openBag, name: enDemo.flyIn.bagTitle, key: "Space" },
  { section: "demo-tray", opener: enDemo.tray.open, name: enDemo.tray.title, key: "Enter" },
] as const;

for (const overlay of overlays) {
  test(`"${overlay.name}" opens with ${overlay.key}, traps focus and gives it back on Escape`, async ({
    page,
  }) => {
    await openDemo(page, overlay.section);
    const opener = page.getByRole("button", { name: overlay.opener, exact: true });
    await tabTo(page, opener);
    await expectBackgroundBlocked(page, false);

    await page.keyboard.press(overlay.key);
    const dialog = page.getByRole("dialog", { name: overlay.name });
    await expect(dialog).toBeVisible();
    await expectFocusInside(dialog);
    await expect(dialog.getByRole("button", { name: en.close, exact: true })).toBeVisible();
    await expectBackgroundBlocked(page, true);
    await expectFocusTrapped(page, dialog);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expectBackgroundBlocked(page, false);
  });
}

test("opening a second fly-in closes the first, and focus finds its way back", async ({ page }) => {
  await openDemo(page, "demo-fly-in");
  const menuOpener = page.getByRole("button", { name: enDemo.flyIn.openMenu, exact: true });
  await tabTo(page, menuOpener);
  await page.keyboard.press("Enter");
  const menu = page.getByRole("dialog", { name: enDemo.flyIn.menuTitle });
  await expect(menu).toBeVisible();

  await tabTo(page, menu.getByRole("button", { name: enDemo.flyIn.toBag }));
  await page.keyboard.press("Enter");
  const bag = page.getByRole("dialog", { name: enDemo.flyIn.bagTitle });
  await expect(bag).toBeVisible();
  // Counted with hidden ones too: an open menu merely hidden behind the bag would not do.
  const anyMenu = page.getByRole("dialog", { name: enDemo.flyIn.menuTitle, includeHidden: true });
  await expect(anyMenu).toHaveCount(0);
  await expect(page.getByRole("dialog", { includeHidden: true })).toHaveCount(1);
  await expectFocusInside(bag);

  // The button that opened the bag left with the menu: focus goes to what opened the menu.
  await page.keyboard.press("Escape");
  await expect(bag).toBeHidden();
  await expect(menuOpener).toBeFocused();
});

test("a modal opened from a fly-in closes first on Escape, then the fly-in", async ({ page }) => {
  await openDemo(page, "demo-fly-in");
  const bagOpener = page.getByRole("button", { name: enDemo.flyIn.openBag, exact: true });
  await tabTo(page, bagOpener);
  await page.keyboard.press("Enter");
  const bag = page.getByRole("dialog", { name: enDemo.flyIn.bagTitle });
  const remove = bag.getByRole("button", { name: enDemo.flyIn.remove, exact: true });
  await tabTo(page, remove);
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: enDemo.flyIn.removeTitle });
  await expect(confirm).toBeVisible();
  await expectFocusTrapped(page, confirm);

  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(bag).toBeVisible();
  await expect(remove).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(bag).toBeHidden();
  await expect(bagOpener).toBeFocused();
});

test("the popover opens from the keyboard and hands focus back on Escape", async ({ page }) => {
  await openDemo(page, "demo-popover");
  const trigger = page.getByRole("button", { name: enDemo.popover.sizeGuide });
  await tabTo(page, trigger);
  await page.keyboard.press("Enter");
  const popover = page.getByRole("dialog", { name: enDemo.popover.sizeGuideTitle });
  await expect(popover).toBeVisible();
  await expect(popover).toContainText(enDemo.popover.sizeGuideBody);
  await expectFocusInside(popover);
  await page.keyboard.press("Escape");
  await expect(popover).toBeHidden();
  await expect(trigger).toBeFocused();
});

test.describe("fly-in width", () => {
  for (const { width, expected } of [
    { width: 1366, expected: 480 },
    { width: 390, expected: 390 },
  ]) {
    test(`is ${expected}px at a ${width}px wide window`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await openDemo(page, "demo-fly-in");
      for (const [opener, name] of [
        [enDemo.flyIn.openMenu, enDemo.flyIn.menuTitle],
        [enDemo.flyIn.openBag, enDemo.flyIn.bagTitle],
      ] as const) {
        const button = page.getByRole("button", { name: opener, exact: true });
        await tabTo(page, button);
        await page.keyboard.press("Enter");
        const panel = page.getByRole("dialog", { name });
        await expect(panel).toBeVisible();
        await expect.poll(async () => (await panel.boundingBox())?.width).toBe(expected);
        await expect.poll(async () => (await panel.boundingBox())?.height).toBe(844);
        await page.keyboard.press("Escape");
        await expect(button).toBeFocused();
      }
    });
  }
});

test("the carousel turns with the keyboard and announces the slide", async ({ page }) => {
  await openDemo(page, "demo-carousel");
  const carousel = page.getByRole("region", { name: enDemo.carousel.label });
  const status = carousel.locator("[aria-live=polite]");
  const next = carousel.getByRole("button", { name: en.carousel.next });
  const previous = carousel.getByRole("button", { name: en.carousel.previous });
  await expect(status).toContainText("Slide 1 of 5");
  await expect(previous).toHaveAttribute("aria-disabled", "true");

  await tabTo(page, next);
  await page.keyboard.press("Enter");
  await expect(status).toContainText("Slide 2 of 5");
  await page.keyboard.press("Space");
  await expect(status).toContainText("Slide 3 of 5");
  await page.keyboard.press("Shift+Tab");
  await expect(previous).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(status).toContainText("Slide 2 of 5");
  await page.keyboard.press("ArrowRight");
  await expect(status).toContainText("Slide 3 of 5");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(status).toContainText("Slide 1 of 5");
  await expect(carousel.getByRole("group", { name: "1 of 5" })).toBeInViewport();
});

test("the gallery switches images and zooms with the keyboard only", async ({ page }) => {
  await openDemo(page, "demo-gallery");
  const main = page.getByRole("button", { name: `Zoom in: ${enDemo.gallery.alt1}` });
  await tabTo(page, main);
  await page.keyboard.press("ArrowRight");
  const second = page.getByRole("button", { name: `Zoom in: ${enDemo.gallery.alt2}` });
  await expect(second).toBeFocused();
  await expect(page.getByRole("button", { name: "Show image 2 of 4" })).toHaveAttribute(
    "aria-current",
    "true",
  );

  await page.keyboard.press("Enter");
  const zoom = page.getByRole("dialog", { name: `${enDemo.gallery.label}, zoomed in` });
  await expect(zoom).toBeVisible();
  await expectFocusInside(zoom);
  const picture = zoom.locator("[data-zoom]");
  await expect(picture).toHaveAttribute("data-zoom", "1");
  await expect(zoom.getByRole("img", { name: enDemo.gallery.alt2 })).toBeVisible();

  await page.keyboard.press("+");
  await expect(picture).toHaveAttribute("data-zoom", "2");
  await tabTo(page, zoom.getByRole("button", { name: en.gallery.zoomIn, exact: true }));
  await page.keyboard.press("Enter");
  await expect(picture).toHaveAttribute("data-zoom", "3");
  await expect(zoom.getByRole("status")).toHaveText("300%");
  await page.keyboard.press("-");
  await expect(picture).toHaveAttribute("data-zoom", "2");
  await page.keyboard.press("0");
  await expect(picture).toHaveAttribute("data-zoom", "1");
  await page.keyboard.press("ArrowRight");
  await expect(zoom.getByText("Image 3 of 4")).toBeVisible();
  await expect(zoom.getByRole("img", { name: enDemo.gallery.alt3 })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(zoom).toBeHidden();
  await expect(page.getByRole("button", { name: `Zoom in: ${enDemo.gallery.alt3}` })).toBeFocused();
});

test("a toast is announced in a polite live region and sits within 288–568px", async ({ page }) => {
  await openDemo(page, "demo-toast");
  await tabTo(page, page.getByRole("button", { name: enDemo.toast.addToBag }));
  await page.keyboard.press("Enter");
  await expect(page.locator("[aria-live=polite]", { hasText: enDemo.toast.added })).toBeAttached();
  const region = page.getByRole("region", { name: /^Notifications/ });
  const toast = region.getByRole("listitem").filter({ hasText: enDemo.toast.added });
  await expect(toast).toBeVisible();
  const width = (await toast.boundingBox())?.width ?? 0;
  expect(width).toBeGreaterThanOrEqual(288);
  expect(width).toBeLessThanOrEqual(568);
  await expect(toast.getByRole("button", { name: enDemo.toast.undo })).toBeVisible();
  await expect(toast.getByRole("button", { name: en.close, exact: true })).toBeVisible();
});

test("the accordion expands and collapses with Enter", async ({ page }) => {
  await openDemo(page, "demo-accordion");
  const header = page.getByRole("button", { name: enDemo.accordion.descriptionTitle });
  await tabTo(page, header);
  await expect(header).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Enter");
  await expect(header).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("region", { name: enDemo.accordion.descriptionTitle })).toContainText(
    enDemo.accordion.description,
  );
  await page.keyboard.press("Enter");
  await expect(header).toHaveAttribute("aria-expanded", "false");
});

test("notification, ratings, progress and lazy images expose their state", async ({ page }) => {
  await openDemo(page, "demo-notification");
  const readMore = page.getByRole("button", { name: en.notification.readMore });
  await expect(readMore).toHaveCount(1);
  await tabTo(page, readMore);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: en.notification.readLess })).toHaveAttribute(
    "aria-expanded",
    "true",
  );

  const lazy = page.getByRole("img", { name: enDemo.lazy.alt1 });
  await expect(lazy).toHaveAttribute("loading", "lazy");
  await expect(lazy).toHaveAttribute("sizes", "(min-width: 1024px) 33vw, 50vw");
  expect((await lazy.getAttribute("srcset"))?.split(", ")).toHaveLength(6);
  const box = await lazy.locator("..").boundingBox();
  expect(Math.abs((box?.height ?? 0) - (box?.width ?? 0) * 1.5)).toBeLessThan(1);

  // English numbers follow en-NL (PRODUCT.md): a decimal comma.
  const rating = new Intl.NumberFormat("en-NL").format(4.5);
  await expect(page.getByRole("img", { name: `${rating} out of 5 stars` })).toBeVisible();
  const stars = page.getByRole("radiogroup", { name: enDemo.rating.yourRating });
  await expect(stars.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await tabTo(page, stars.getByRole("radio", { name: "4 stars" }));
  // Radix moves focus a tick after keydown and checks the radio it lands on while the key is still down.
  await page.keyboard.down("ArrowRight");
  await expect(stars.getByRole("radio", { name: "5 stars" })).toBeFocused();
  await page.keyboard.up("ArrowRight");
  await expect(stars.getByRole("radio", { name: "5 stars" })).toBeChecked();

  await expect(page.getByRole("progressbar", { name: enDemo.progress.uploading })).toHaveAttribute(
    "aria-valuenow",
    "35",
  );
  await expect(page.getByRole("progressbar", { name: enDemo.progress.loading })).not.toHaveAttribute(
    "aria-valuenow",
  );
});

test("Dutch shoppers get Dutch names on every control", async ({ page }) => {
  await openDemo(page, "demo-modal", "nl");
  const opener = page.getByRole("button", { name: nlDemo.modal.openNewsletter });
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: nlDemo.modal.newsletterTitle });
  await expect(dialog.getByRole("button", { name: nl.close, exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(opener).toBeFocused();

  const carousel = page.getByRole("region", { name: nlDemo.carousel.label });
  await tabTo(page, carousel.getByRole("button", { name: nl.carousel.next }));
  await page.keyboard.press("Enter");
  await expect(carousel.locator("[aria-live=polite]")).toContainText("Dia 2 van 5");
  await expect(carousel.getByRole("button", { name: nl.carousel.previous })).toBeVisible();
  await expect(page.getByRole("button", { name: `Inzoomen: ${nlDemo.gallery.alt1}` })).toBeVisible();
  await expect(page.getByRole("img", { name: "4,5 van de 5 sterren" })).toBeVisible();
});

test("reduced motion stops the shimmer and the indeterminate sweep", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openDemo(page, "demo-skeleton");
  const shimmer = page.locator("[aria-busy=true] [aria-hidden=true]").first();
  expect(await shimmer.evaluate((element) => getComputedStyle(element).animationName)).toBe("none");
  const sweep = page.getByRole("progressbar", { name: enDemo.progress.loading }).locator("div");
  expect(await sweep.evaluate((element) => getComputedStyle(element).animationName)).toBe("none");
});

test("nothing in the showcase makes a 390px wide page scroll sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openDemo(page, "demo-modal");
  const overflow = await page.evaluate(() => {
    // Measure the showcase alone: the rest of the page belongs to other parts of the shop.
    const showcase = document.querySelector("[data-demo=overlays]");
    for (let node = showcase; node?.parentElement; node = node.parentElement) {
      for (const sibling of Array.from(node.parentElement.children)) {
        if (sibling !== node && sibling instanceof HTMLElement) sibling.style.display = "none";
      }
    }
    return document.documentElement.scrollWidth - document.documentElement.clientWidth;
  });
  expect(overflow).toBe(0);
});

for (const width of [390, 1366]) {
  test(`axe finds no serious or critical problem at ${width}px, closed and with overlays open`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openDemo(page, "demo-modal");
    const scan = async (label: string) => {
      const results = await new AxeBuilder({ page })
        .include("[data-demo=overlays]")
        .include("[role=dialog]")
        .analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map(
          (violation) =>
            `${label}: ${violation.id} (${violation.nodes.map((node) => node.target).join(" | ")})`,
        );
      expect(serious).toEqual([]);
    };
    await scan("page");

    await tabTo(page, page.getByRole("button", { name: enDemo.modal.openNewsletter }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toBeVisible();
    await scan("modal");
    await page.keyboard.press("Escape");

    await openDemo(page, "demo-fly-in");
    await tabTo(page, page.getByRole("button", { name: enDemo.flyIn.openBag, exact: true }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toBeVisible();
    await scan("fly-in");
  });
}
