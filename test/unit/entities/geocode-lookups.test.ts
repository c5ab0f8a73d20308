import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type EnteredAddress, sameEnteredAddress } from "../../../worker/domain/addresses/address-v2";
import { enteredAddressKey, GeocodeLookups } from "../../../worker/operations/entities/write-pipeline/geocode-lookups";
import type { Geocoder } from "../../../worker/operations/entities/write-pipeline/paced-geocoder";

/** Few distinct values per member, so equal addresses come up often. */
const member = fc.option(fc.constantFrom("1 Main St", "Suite 4", "", "Washington", "DC", "20233", "US"), {
  nil: null,
});
const enteredAddress: fc.Arbitrary<EnteredAddress> = fc.record(
  { address1: member, address2: member, city: member, state: member, zipCode: member, countryCode: member },
  { requiredKeys: [] },
);

/** A geocoder that counts the addresses it is asked about. */
function countingGeocoder() {
  const asked: EnteredAddress[] = [];
  const geocoder = {
    geocode: async (address: EnteredAddress) => {
      asked.push(address);
      return { status: "unmatched" as const, reason: "test" };
    },
  } as Geocoder;
  return { geocoder, asked };
}

describe("enteredAddressKey", () => {
  it("is equal for two entered addresses exactly when they are the same address (absent = null)", () => {
    fc.assert(
      fc.property(enteredAddress, enteredAddress, (a, b) => {
        expect(enteredAddressKey(a) === enteredAddressKey(b)).toBe(sameEnteredAddress(a, b));
      }),
    );
  });
});

describe("GeocodeLookups", () => {
  it("notes what a deferring run needs, asks once per distinct address, and answers the next run from it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(enteredAddress, { maxLength: 12 }), async (addresses) => {
        const lookups = new GeocodeLookups();
        lookups.beginTurn();
        const { geocoder, asked } = countingGeocoder();
        for (const address of addresses) expect(lookups.take(address)).toBeUndefined();
        expect(lookups.pending).toBe(addresses.length > 0);
        await lookups.lookUpNeeded(geocoder);
        expect(lookups.pending).toBe(false);
        expect(asked).toHaveLength(new Set(addresses.map(enteredAddressKey)).size);
        for (const address of addresses) expect(lookups.take(address)?.outcome.status).toBe("unmatched");
        expect(lookups.pending).toBe(false);
      }),
    );
  });

  it("notes nothing on the third turn: the run looks up what it misses itself", () => {
    const lookups = new GeocodeLookups();
    for (let turn = 1; turn <= 3; turn++) {
      lookups.beginTurn();
      expect(lookups.deferring).toBe(turn < 3);
    }
    expect(lookups.take({ address1: "1 Main St" })).toBeUndefined();
    expect(lookups.pending).toBe(false);
  });
});
