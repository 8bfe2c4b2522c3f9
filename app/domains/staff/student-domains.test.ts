import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { createAccount } from "../customers/customers.server";
import { requestStudentVerification } from "../marketing/marketing.server";
import { auditTrail, changeStudentDomains, type StaffActor } from "./staff.server";

let connection: Connection;
let merch: StaffActor;

beforeAll(async () => {
  connection = await freshDatabase();
  const { id } = await createAccount({
    email: "merch@shop.test",
    password: "merch-password-1",
    firstName: "Mo",
    lastName: "Merch",
    locale: "en",
    role: "merchandiser",
  });
  merch = { id, email: "merch@shop.test", role: "merchandiser" };
}, 180_000);
afterAll(() => connection.close());

describe("student e-mail domains in the back office", () => {
  it("saves the lists, audits what was added and removed, and the form follows at once", async () => {
    const saved = await changeStudentDomains(merch, {
      NL: "@student.uva.nl\nexample-hogeschool.nl",
      BE: "ugent.be",
      FR: "",
      ES: "alumnos.upm.es",
    });
    expect(saved.NL).toEqual(["student.uva.nl", "example-hogeschool.nl"]);
    expect(saved.FR).toEqual([]);
    const meta = { locale: "nl" as const, ip: "203.0.113.30" };
    expect(
      await requestStudentVerification({ email: "kim@example-hogeschool.nl", country: "NL" }, meta),
    ).toEqual({
      email: "kim@example-hogeschool.nl",
    });
    expect(
      await requestStudentVerification({ email: "kim@student.vu.nl", country: "NL" }, meta),
    ).toMatchObject({
      messageKey: "marketing:student.errors.domain",
    });
    const [entry] = await auditTrail("setting", "studentEmailDomains");
    expect(entry?.summary).toContain("+example-hogeschool.nl");
    expect(entry?.summary).toContain("-student.vu.nl");
  });
});
