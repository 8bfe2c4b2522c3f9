import { describe, expect, it } from "vitest";
import { escapeLike } from "./like";

describe("escapeLike", () => {
  it("escapes the wildcards and the escape character, and leaves the rest as typed", () => {
    expect(escapeLike("50%_off\\now")).toBe("50\\%\\_off\\\\now");
    expect(escapeLike("Anna de Boer")).toBe("Anna de Boer");
  });
});
