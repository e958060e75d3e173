import { describe, expect, it } from "vitest";
import { variantName } from "../../src/cards";

describe("the card texts of a table's content variant", () => {
  it("the variant's name comes from the option's text; anything else is the game's own", () => {
    expect(variantName({ variant: '{"name":"lure3","patch":{"factions":{}}}' })).toBe("lure3");
    expect(variantName({ variant: "base" })).toBe("base");
    expect(variantName({})).toBe("base");
    expect(variantName(undefined)).toBe("base");
    expect(variantName({ variant: "{not json" })).toBe("base");
    expect(variantName({ variant: '{"name":"../x?y","patch":{}}' })).toBe("base");
    expect(variantName({ variant: '{"name":7}' })).toBe("base");
  });
});
