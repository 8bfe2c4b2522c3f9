import { describe, expect, it } from "vitest";
import { clientNamespaces } from "./i18n";
import { namespacesOfMatches, pageNamespaces } from "./page-namespaces";

describe("page namespaces", () => {
  it("collects what the matched routes declare, common first, once each", () => {
    expect(
      namespacesOfMatches([{}, { handle: { i18n: ["ui"] } }, { handle: { i18n: ["forms", "ui"] } }]),
    ).toEqual(["common", "ui", "forms"]);
    expect(namespacesOfMatches([{ handle: { other: true } }])).toEqual(["common"]);
  });

  it("reads the attribute back, ignoring what it does not know", () => {
    expect(pageNamespaces("common,ui")).toEqual(["common", "ui"]);
    expect(pageNamespaces("forms,email,../x")).toEqual(["common", "forms"]);
    expect(pageNamespaces(undefined)).toEqual(["common"]);
  });

  it("knows every namespace a page may send: the browser kept only the shop's first seventeen and fetched the rest again", () => {
    expect(pageNamespaces("common,marketplace,trade,payouts,returns,marketing,refunds")).toEqual([
      "common",
      "marketplace",
      "trade",
      "payouts",
      "returns",
      "marketing",
    ]);
    expect(pageNamespaces(clientNamespaces.join(","))).toEqual(clientNamespaces);
  });
});
