import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";

/** The copy the journeys look for, as a shopper reads it (spec wording in `en`). */
const copy = {
  en: {
    email: "Email address",
    password: "Password",
    confirmPassword: "Repeat password",
    country: "Country",
    postalCode: "Postal code",
    houseNumber: "House number",
    terms: "I agree to the terms and conditions",
    invalidEmail: "Not a valid email",
    required: "This field is required",
    lettersInAddition: "Digits only here: letters go in the addition field",
    noDelivery: "Sorry, we don't deliver to this area",
    didYouMean: "Did you mean anna@gmail.com?",
    showPassword: "Show password",
    hidePassword: "Hide password",
    forgotPassword: "Forgot password?",
    passive: "Passive",
    submit: "Check the form",
    success: "All good: the form is valid. Nothing was sent.",
    netherlands: "Netherlands",
    france: "France",
    rejectCookies: "Reject all",
  },
  nl: {
    email: "E-mailadres",
    password: "Wachtwoord",
    confirmPassword: "Herhaal wachtwoord",
    country: "Land",
    postalCode: "Postcode",
    houseNumber: "Huisnummer",
    terms: "Ik ga akkoord met de algemene voorwaarden",
    invalidEmail: "Dit is geen geldig e-mailadres",
    required: "Dit veld is verplicht",
    lettersInAddition: "Alleen cijfers hier: letters horen in het veld toevoeging",
    noDelivery: "Sorry, naar dit gebied bezorgen we niet",
    didYouMean: "Bedoel je anna@gmail.com?",
    showPassword: "Wachtwoord tonen",
    hidePassword: "Wachtwoord verbergen",
    forgotPassword: "Wachtwoord vergeten?",
    passive: "Passief",
    submit: "Formulier controleren",
    success: "Alles klopt: het formulier is geldig. Er is niets verstuurd.",
    netherlands: "Nederland",
    france: "Frankrijk",
    rejectCookies: "Alles weigeren",
  },
} as const;
type Locale = keyof typeof copy;

/**
 * Browser errors of the page: script errors, console errors and failed requests. ("Failed to load
 * resource" console lines are reported through the response they stand for, with its URL.)
 */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    if (/^Failed to load resource/.test(text)) return;
    errors.push(text);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

async function openDemo(page: Page, locale: Locale) {
  await page.goto(`/${locale}/demo/`);
  await expect(page.locator("form#forms-demo[data-hydrated]")).toBeAttached();
  const reject = page.getByRole("button", { name: copy[locale].rejectCookies, exact: true });
  if (await reject.isVisible().catch(() => false)) {
    await reject.click();
    await expect(reject).toBeHidden();
  }
  return page.locator("form#forms-demo");
}

/** A control by its label as shown (a required label ends in a decorative `*`). */
const field = (form: Locator, label: string) =>
  form.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\*?$`));

for (const locale of ["en", "nl"] as const) {
  const c = copy[locale];

  test.describe(`/${locale}/demo/ forms`, () => {
    test("aggressive (default): the message appears while typing and goes once fixed", async ({ page }) => {
      const errors = watchErrors(page);
      const form = await openDemo(page, locale);
      const email = field(form, c.email);
      await email.click();
      await email.pressSequentially("anna@");
      // Still in the field: validated on input, not on blur.
      await expect(email).toBeFocused();
      await expect(form.getByText(c.invalidEmail, { exact: true })).toBeVisible();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      const describedBy = (await email.getAttribute("aria-describedby")) ?? "";
      await expect(page.locator(`[id="${describedBy.split(" ").pop()}"]`)).toHaveText(c.invalidEmail);

      await email.pressSequentially("example.com");
      await expect(form.getByText(c.invalidEmail, { exact: true })).toHaveCount(0);
      await expect(email).not.toHaveAttribute("aria-invalid", "true");

      // Leaving an empty required field validates it too (aggressive = input and blur).
      const postalCode = field(form, c.postalCode);
      await postalCode.focus();
      await postalCode.press("Tab");
      await expect(postalCode).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByText(c.required, { exact: true })).toHaveCount(1);

      // House number: letters belong in the addition field.
      const houseNumber = field(form, c.houseNumber);
      await houseNumber.fill("12a");
      await expect(form.getByText(c.lettersInAddition)).toBeVisible();
      expect(errors).toEqual([]);
    });

    test("overseas postal codes are refused with the no-delivery message", async ({ page }) => {
      const form = await openDemo(page, locale);
      await field(form, c.country).selectOption({ label: c.france });
      const postalCode = field(form, c.postalCode);
      await postalCode.fill("97100");
      await expect(form.getByText(c.noDelivery)).toBeVisible();
      await postalCode.fill("75001");
      await expect(form.getByText(c.noDelivery)).toHaveCount(0);
    });

    test("an e-mail typo gets a suggestion that fills the field when chosen", async ({ page }) => {
      const errors = watchErrors(page);
      const form = await openDemo(page, locale);
      const email = field(form, c.email);
      await email.fill("anna@gmial.com");
      await email.press("Tab");
      const suggestion = form.getByRole("button", { name: c.didYouMean });
      await expect(suggestion).toBeVisible();
      // A suggestion only: the address itself is valid.
      await expect(email).not.toHaveAttribute("aria-invalid", "true");
      await suggestion.click();
      await expect(email).toHaveValue("anna@gmail.com");
      await expect(suggestion).toHaveCount(0);
      await expect(email).toBeFocused();
      expect(errors).toEqual([]);
    });

    test("password show/hide toggles the type and the button's name", async ({ page }) => {
      const form = await openDemo(page, locale);
      const password = field(form, c.password);
      await password.fill("correct horse");
      await expect(password).toHaveAttribute("type", "password");
      const show = form.getByRole("button", { name: c.showPassword }).first();
      await show.click();
      await expect(password).toHaveAttribute("type", "text");
      await expect(form.getByRole("button", { name: c.hidePassword })).toHaveCount(1);
      await form.getByRole("button", { name: c.hidePassword }).click();
      await expect(password).toHaveAttribute("type", "password");
      await expect(password).toHaveValue("correct horse");
      await expect(form.getByRole("link", { name: c.forgotPassword })).toBeVisible();
    });

    test("passive mode shows nothing until the form is submitted", async ({ page }) => {
      const errors = watchErrors(page);
      await openDemo(page, locale);
      await page.getByRole("radio", { name: c.passive, exact: true }).check();
      const form = page.locator("form#forms-demo[data-hydrated]");
      await expect(form).toBeAttached();
      const email = field(form, c.email);
      await email.fill("anna@");
      await email.press("Tab");
      await field(form, c.password).fill("x");
      await field(form, c.password).press("Tab");
      await expect(form.getByText(c.invalidEmail, { exact: true })).toHaveCount(0);
      await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);
      await expect(form.getByRole("alert")).toHaveCount(0);

      await form.getByRole("button", { name: c.submit }).click();
      await expect(form.getByText(c.invalidEmail, { exact: true })).toBeVisible();
      const summary = form.getByRole("alert");
      await expect(summary).toBeVisible();
      await expect(summary.getByRole("link", { name: new RegExp(`^${c.email}: `) })).toBeVisible();
      // Conform moves focus to the first field to fix.
      await expect(email).toBeFocused();
      // Still passive after the submit: fixing the field does not clear the message until the next submit.
      await email.fill("anna@example.com");
      await expect(form.getByText(c.invalidEmail, { exact: true })).toBeVisible();
      expect(errors).toEqual([]);
    });

    test("keyboard only: fill in, toggle and submit the form", async ({ page }) => {
      // Many keystrokes, each validated as typed: on a busy 2-core machine this outlasts 30 s.
      test.setTimeout(90_000);
      const errors = watchErrors(page);
      const form = await openDemo(page, locale);
      const email = field(form, c.email);
      await email.focus();
      await page.keyboard.type("anna@example.com");
      await page.keyboard.press("Tab");
      await expect(form.getByRole("link", { name: c.forgotPassword })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(field(form, c.password)).toBeFocused();
      await page.keyboard.type("correct horse");
      await page.keyboard.press("Tab");
      await expect(form.getByRole("button", { name: c.showPassword }).first()).toBeFocused();
      await page.keyboard.press("Space");
      await expect(field(form, c.password)).toHaveAttribute("type", "text");
      await expect(form.getByRole("button", { name: c.hidePassword })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(field(form, c.confirmPassword)).toBeFocused();
      await page.keyboard.type("correct horse");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      const country = form.locator("select[name=country]");
      await expect(country).toBeFocused();
      await page.keyboard.type(c.netherlands.slice(0, 3));
      await expect(country).toHaveValue("NL");
      await page.keyboard.press("Tab");
      await page.keyboard.type("1234ab");
      await page.keyboard.press("Tab");
      await expect(field(form, c.houseNumber)).toBeFocused();
      await page.keyboard.type("12");
      // Addition, phone, date of birth, gift card code, PIN, message, newsletter: all optional.
      for (let i = 0; i < 8; i++) await page.keyboard.press("Tab");
      const terms = form.getByRole("switch", { name: c.terms });
      await expect(terms).toBeFocused();
      await page.keyboard.press("Space");
      await expect(terms).toBeChecked();
      await page.keyboard.press("Tab");
      const submit = form.getByRole("button", { name: c.submit });
      await expect(submit).toBeFocused();
      expect(await submit.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe("none");
      await page.keyboard.press("Enter");
      await expect(form.getByRole("status")).toHaveText(c.success);
      await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  });
}

for (const width of [390, 1366]) {
  test(`axe finds no serious or critical violation on /en/demo/ at ${width}px, also with messages shown`, async ({
    page,
  }) => {
    // Four axe runs on the page's largest form.
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height: 900 });
    const form = await openDemo(page, "en");
    const check = async () => {
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
        );
      expect(serious).toEqual([]);
    };
    await check();
    await form.getByRole("button", { name: copy.en.submit }).click();
    await expect(form.getByRole("alert")).toBeVisible();
    await field(form, copy.en.email).fill("anna@gmial.com");
    await field(form, copy.en.email).press("Tab");
    await expect(form.getByRole("button", { name: copy.en.didYouMean })).toBeVisible();
    await check();
    expect(errors).toEqual([]);
  });
}
