// The shop's IBAN: only a valid Angolan IBAN is accepted (a value like "AO06 1234" must never reach the storefront).
import { describe, expect, it } from "vitest";
import { formatIban, INVALID_IBAN_MESSAGE, isValidAngolanIban, normalizeIban } from "../../server/domain/payments/iban.ts";

// Computed, not copied: ibantools' composeIBAN({ countryCode: "AO", bban }) on the BBAN
// 0040 (bank) 0000 (branch) 12345678101 (account) + 42, the NIB check digits that make the IBAN's own
// check digits 06, as on every real Angolan IBAN. Its mod-97 check holds.
const VALID = "AO06004000001234567810142";

describe("isValidAngolanIban", () => {
  it("accepts a valid Angolan IBAN, electronic or grouped, in any case", () => {
    expect(isValidAngolanIban(VALID)).toBe(true);
    expect(isValidAngolanIban("AO06 0040 0000 1234 5678 1014 2")).toBe(true);
    expect(isValidAngolanIban("  ao06 0040 0000 1234 5678 1014 2 ")).toBe(true);
  });

  it("refuses the truncated IBAN that once went live", () => {
    expect(isValidAngolanIban("AO06 1234")).toBe(false);
  });

  it("refuses wrong check digits and a mistyped digit (mod-97)", () => {
    expect(isValidAngolanIban("AO07004000001234567810142")).toBe(false);
    expect(isValidAngolanIban("AO06004000001234567810143")).toBe(false);
    expect(isValidAngolanIban("AO06004000001234567801142")).toBe(false);
  });

  it("refuses a valid foreign IBAN, letters in the BBAN, a longer number and empty input", () => {
    expect(isValidAngolanIban("PT50000201231234567890154")).toBe(false);
    expect(isValidAngolanIban("DE89370400440532013000")).toBe(false);
    expect(isValidAngolanIban("AO0600400000123456781014A")).toBe(false);
    expect(isValidAngolanIban(`${VALID}0`)).toBe(false);
    expect(isValidAngolanIban("")).toBe(false);
  });
});

describe("normalizeIban and formatIban", () => {
  it("strips spaces and upper-cases", () => {
    expect(normalizeIban(" ao06 0040 0000 1234 5678 1014 2")).toBe(VALID);
  });

  it("groups by four for reading", () => {
    expect(formatIban(VALID)).toBe("AO06 0040 0000 1234 5678 1014 2");
    expect(formatIban("ao06 00400000 1234567810142")).toBe("AO06 0040 0000 1234 5678 1014 2");
  });

  it("has a Portuguese message for an invalid IBAN", () => {
    expect(INVALID_IBAN_MESSAGE).toMatch(/^IBAN inválido/);
  });
});
