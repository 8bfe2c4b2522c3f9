import type { SubmissionResult } from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as rules from "~/platform/forms/rules";
import { parseSubmission } from "~/platform/forms/submission";
import { formsI18n, formsT } from "~/platform/forms/test-i18n";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { EmailField, FormErrorSummary, PasswordField, SwitchField } from "./conform-fields";

const schema = z.object({ email: rules.email(), password: rules.password(), terms: rules.accepted() });

function SignUp({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const shop = useShopForm({ schema, id: "sign-up", lastResult });
  const labels = { email: "E-mailadres", password: "Wachtwoord", terms: "Akkoord" };
  return (
    <form method="post" {...shop.formProps}>
      <FormErrorSummary form={shop} labels={labels} />
      <EmailField form={shop} meta={shop.field("email")} label={labels.email} />
      <PasswordField meta={shop.field("password")} label={labels.password} />
      <SwitchField meta={shop.field("terms")} label={labels.terms} />
    </form>
  );
}

/** The opening tag of the input named `name`. */
const inputTag = (html: string, name: string) =>
  html.match(new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`))?.[0] ?? "";

const render = (lastResult?: SubmissionResult<string[]>) =>
  renderToString(
    <I18nextProvider i18n={formsI18n("nl")}>
      <SignUp lastResult={lastResult} />
    </I18nextProvider>,
  );

describe("a form without JavaScript", () => {
  it("renders labelled, required controls that post natively without browser validation", () => {
    const html = render();
    expect(html).toMatch(/<form[^>]*novalidate=""[^>]*method="post"/i);
    expect(html).toContain('<label for="sign-up-email"');
    expect(inputTag(html, "email")).toContain('type="email"');
    expect(inputTag(html, "email")).toContain('required=""');
    expect(inputTag(html, "terms")).toMatch(/type="checkbox" role="switch"/);
    expect(html).toContain('aria-label="Wachtwoord tonen"');
    expect(html).not.toContain('aria-invalid="true"');
    expect(html).not.toContain('role="alert"');
  });

  it("shows the server's translated messages after a plain POST, keeps the e-mail, drops the password", () => {
    const data = new FormData();
    data.set("email", "anna@");
    data.set("password", "geheim");
    const parsed = parseSubmission(data, schema, { t: formsT("nl") });
    if (parsed.status !== "error") throw new Error("expected an error");
    const html = render(parsed.result);
    expect(html).toContain("Dit is geen geldig e-mailadres");
    expect(html).toContain("Gebruik minstens 8 tekens");
    expect(html).toContain("Zet dit aan om verder te gaan");
    expect(html).toContain('role="alert"');
    expect(html).toContain("Nog 3 velden om aan te passen");
    expect(inputTag(html, "email")).toContain('aria-invalid="true"');
    expect(inputTag(html, "email")).toContain('aria-describedby="sign-up-email-error"');
    expect(inputTag(html, "email")).toContain('value="anna@"');
    expect(html).not.toContain("geheim");
  });
});
