import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { parseShopForm } from "../../platform/forms/submission";
import { writeSetting } from "../content/content.server";
import { httpAddressLookup, sampleAddressLookup } from "./address-lookup.server";
import { deliveryMoments, shippingPromise, shopClock } from "./rules";
import { httpServicePoints, sampleServicePoints } from "./service-points.server";
import {
  findServicePoints,
  lookupAddress,
  servicePointById,
  shippingMethod,
  shippingOptions,
} from "./shipping.server";
import { AddressSchema, PostcodeLookupSchema, ServicePointSearchSchema } from "./validation";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

const address = {
  firstName: "Anna",
  lastName: "de Boer",
  country: "NL",
  postalCode: "1012js",
  houseNumber: "12",
  street: "Dam",
  city: "Amsterdam",
};

describe("address rules (SPEC §5)", () => {
  it("accepts a Dutch address and normalises the postcode and phone number", () => {
    const parsed = parseShopForm(form({ ...address, phone: "06 12345678" }), AddressSchema);
    expect(parsed.status).toBe("success");
    expect(parsed.status === "success" && parsed.value).toMatchObject({
      postalCode: "1012 JS",
      phone: "+31612345678",
    });
  });

  it("checks the postal code against the chosen country", () => {
    const be = parseShopForm(form({ ...address, country: "BE", postalCode: "1012 JS" }), AddressSchema);
    expect(be.status === "error" && be.error?.postalCode?.[0]).toMatch(/^forms:validation\.postalCode/);
    const ok = parseShopForm(form({ ...address, country: "BE", postalCode: "1000" }), AddressSchema);
    expect(ok.status).toBe("success");
  });

  it("refuses French overseas and Spanish Canary, Ceuta and Melilla postal codes", () => {
    for (const [country, postalCode] of [
      ["FR", "97110"],
      ["FR", "98800"],
      ["ES", "35001"],
      ["ES", "38001"],
      ["ES", "51001"],
      ["ES", "52001"],
    ] as const) {
      const parsed = parseShopForm(form({ ...address, country, postalCode }), AddressSchema);
      expect(parsed.status === "error" && parsed.error?.postalCode?.[0]).toMatch(
        /^forms:validation\.postalCodeNoDelivery/,
      );
    }
    expect(
      parseShopForm(form({ ...address, country: "FR", postalCode: "75001" }), AddressSchema).status,
    ).toBe("success");
  });

  it("keeps letters out of the house number: they go in the addition", () => {
    const parsed = parseShopForm(form({ ...address, houseNumber: "12a" }), AddressSchema);
    expect(parsed.status === "error" && parsed.error?.houseNumber?.[0]).toMatch(
      /^forms:validation\.houseNumberLetters/,
    );
    const withAddition = parseShopForm(form({ ...address, addition: "A" }), AddressSchema);
    expect(withAddition.status === "success" && withAddition.value.addition).toBe("A");
  });

  it("requires the fields a lookup may leave empty", () => {
    const parsed = parseShopForm(form({ ...address, street: "", city: "" }), AddressSchema);
    expect(parsed.status === "error" && Object.keys(parsed.error ?? {})).toEqual(
      expect.arrayContaining(["street", "city"]),
    );
  });

  it("validates the lookup and service-point search forms", () => {
    expect(parseShopForm(form({ postalCode: "1012JS", houseNumber: "1" }), PostcodeLookupSchema).status).toBe(
      "success",
    );
    expect(parseShopForm(form({ postalCode: "1012", houseNumber: "1" }), PostcodeLookupSchema).status).toBe(
      "error",
    );
    expect(parseShopForm(form({ country: "ES", postalCode: "38001" }), ServicePointSearchSchema).status).toBe(
      "error",
    );
  });
});

describe("the same-day promise and delivery moments", () => {
  it("ships today before 23:00 in Amsterdam, in summer and in winter", () => {
    // 22:59 CEST is 20:59 UTC; 23:00 CET is 22:00 UTC.
    expect(shippingPromise(new Date("2026-06-02T20:59:00Z"), "NL")).toMatchObject({
      shipsToday: true,
      minutesLeft: 1,
      shipDate: "2026-06-02",
      deliveryDate: "2026-06-03",
    });
    expect(shippingPromise(new Date("2026-06-02T21:00:00Z"), "NL")).toMatchObject({
      shipsToday: false,
      shipDate: "2026-06-03",
      deliveryDate: "2026-06-04",
    });
    expect(shippingPromise(new Date("2026-12-01T22:00:00Z"), "BE").shipsToday).toBe(false);
    expect(shippingPromise(new Date("2026-12-01T21:59:00Z"), "BE").shipsToday).toBe(true);
  });

  it("skips Sunday and takes longer to France and Spain", () => {
    // Saturday 6 June 2026, 10:00 in Amsterdam.
    const saturday = new Date("2026-06-06T08:00:00Z");
    expect(shopClock(saturday).date).toBe("2026-06-06");
    expect(shippingPromise(saturday, "NL").deliveryDate).toBe("2026-06-08");
    expect(shippingPromise(saturday, "FR").deliveryDate).toBe("2026-06-10");
  });

  it("offers daytime and evening moments in NL, daytime in BE, none in FR", () => {
    const now = new Date("2026-06-02T10:00:00Z");
    const nl = deliveryMoments(now, "NL");
    expect(nl).toHaveLength(10);
    expect(nl[0]).toEqual({
      id: "2026-06-03/daytime",
      date: "2026-06-03",
      window: "daytime",
      from: "09:00",
      to: "17:00",
    });
    expect(nl[1]?.window).toBe("evening");
    expect(deliveryMoments(now, "BE").every((m) => m.window === "daytime")).toBe(true);
    expect(deliveryMoments(now, "FR")).toEqual([]);
  });
});

describe("NL postcode lookup", () => {
  it("fills street and city from the bundled data", async () => {
    const result = await sampleAddressLookup().lookup({ postalCode: "1012 JS", houseNumber: "1" });
    expect(result).toMatchObject({
      status: "found",
      address: { street: "Dam", city: "Amsterdam", postalCode: "1012 JS" },
      missing: [],
    });
  });

  it("answers not found outside a postcode's house numbers", async () => {
    expect(await sampleAddressLookup().lookup({ postalCode: "1012 JS", houseNumber: "999" })).toEqual({
      status: "not-found",
    });
    expect(await sampleAddressLookup().lookup({ postalCode: "9999 ZZ", houseNumber: "1" })).toEqual({
      status: "not-found",
    });
  });

  it("lists the fields it cannot fill, for manual entry", async () => {
    const lookup = sampleAddressLookup({ "1309AB": { street: null, city: "Almere", numbers: [1, 80] } });
    expect(await lookup.lookup({ postalCode: "1309 AB", houseNumber: "5" })).toMatchObject({
      status: "found",
      address: { street: null, city: "Almere" },
      missing: ["street"],
    });
  });

  it("asks an HTTP service when one is configured, and falls back to manual entry when it fails", async () => {
    const calls: string[] = [];
    const service = (status: number, body: unknown) =>
      httpAddressLookup("https://postcodes.example/lookup", async (input) => {
        calls.push(String(input));
        return new Response(JSON.stringify(body), { status });
      });
    expect(
      await service(200, { street: "Herestraat", city: "Groningen" }).lookup({
        postalCode: "9711 LE",
        houseNumber: "73",
        addition: "A",
      }),
    ).toMatchObject({ status: "found", address: { street: "Herestraat", city: "Groningen" }, missing: [] });
    expect(calls[0]).toBe("https://postcodes.example/lookup?postcode=9711LE&number=73&addition=A");
    expect(
      await service(200, { city: "Almere" }).lookup({ postalCode: "1309 AB", houseNumber: "1" }),
    ).toMatchObject({
      missing: ["street"],
    });
    expect(await service(404, {}).lookup({ postalCode: "1309 AB", houseNumber: "1" })).toEqual({
      status: "not-found",
    });
    expect(await service(503, {}).lookup({ postalCode: "1309 AB", houseNumber: "1" })).toEqual({
      status: "unavailable",
    });
    const broken = httpAddressLookup("https://postcodes.example/lookup", async () => {
      throw new TypeError("fetch failed");
    });
    expect(await broken.lookup({ postalCode: "1309 AB", houseNumber: "1" })).toEqual({
      status: "unavailable",
    });
  });
});

describe("service points", () => {
  it("lists the points nearest to a postal code in the same country", async () => {
    const points = await sampleServicePoints().near("NL", "1017 AB");
    expect(points).toHaveLength(5);
    expect(points.every((p) => p.country === "NL")).toBe(true);
    expect(points[0]?.city).toBe("Amsterdam");
    const paris = await sampleServicePoints().near("FR", "75010");
    expect(paris[0]?.city).toBe("Paris");
  });

  it("asks a carrier API when one is configured; a failure is an empty list", async () => {
    const point = {
      id: "x-1",
      country: "BE",
      carrier: "bpost",
      name: "Shop",
      street: "Meir",
      houseNumber: "1",
      postalCode: "2000",
      city: "Antwerpen",
    };
    const api = httpServicePoints("https://points.example/", async (input) =>
      String(input).includes("/points/")
        ? new Response(JSON.stringify(point))
        : new Response(JSON.stringify([point, { junk: true }])),
    );
    expect(await api.near("BE", "2000")).toEqual([expect.objectContaining({ id: "x-1", days: "monSat" })]);
    expect(await api.byId("x-1")).toMatchObject({ id: "x-1" });
    const down = httpServicePoints("https://points.example", async () => new Response("", { status: 500 }));
    expect(await down.near("BE", "2000")).toEqual([]);
  });
});

describe("shipping settings (database)", () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await freshDatabase();
  });
  afterAll(() => connection.close());

  it("offers the default methods, prices and thresholds of PRODUCT.md", async () => {
    const nl = await shippingOptions("NL", new Date("2026-06-02T10:00:00Z"));
    expect(nl.freeFromCents).toBe(5_000);
    expect(nl.methods.map((m) => m.type)).toEqual(["home", "service-point"]);
    expect(nl.moments.length).toBeGreaterThan(0);
    expect((await shippingOptions("FR")).freeFromCents).toBe(7_500);
    expect(await shippingMethod("ES", "es-home")).toMatchObject({
      charge: { priceCents: 695, freeFromCents: 7_500 },
    });
    expect(await shippingMethod("ES", "nl-home")).toBeNull();
  });

  it("reads prices and thresholds from the settings an operator saves", async () => {
    await writeSetting("shippingMethods", {
      BE: [{ id: "be-home", type: "home", carrier: "bpost", priceCents: 650, moments: false }],
    });
    await writeSetting("freeShippingThresholds", { NL: 5_000, BE: 6_000, FR: 7_500, ES: 7_500 });
    const be = await shippingOptions("BE");
    expect(be.methods).toEqual([
      { id: "be-home", type: "home", carrier: "bpost", priceCents: 650, moments: false },
    ]);
    expect(be.freeFromCents).toBe(6_000);
    expect(be.moments).toEqual([]);
    expect((await shippingOptions("NL")).freeFromCents).toBe(5_000);
  });

  it("looks up addresses and service points through the configured adapters", async () => {
    expect((await lookupAddress({ postalCode: "1012 JS", houseNumber: "3" })).status).toBe("found");
    const [first] = await findServicePoints("ES", "28001");
    expect(first?.city).toBe("Madrid");
    expect(await servicePointById(first!.id, "ES")).toEqual(first);
    expect(await servicePointById(first!.id, "NL")).toBeNull();
  });
});
