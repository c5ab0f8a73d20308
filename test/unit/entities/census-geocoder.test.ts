import { describe, expect, it } from "vitest";
import { CensusGeocoder } from "../../../worker/clients/geocoder";
import type { EnteredAddress } from "../../../worker/domain/addresses/address-v2";

const address = { address1: "4600 Silver Hill Rd", city: "Washington", state: "DC" } as EnteredAddress;
const answering = (status: number) =>
  new CensusGeocoder("https://geocoder.test", 50, async () => new Response("{}", { status }));

describe("the Census client marks an outcome transient when the provider did not answer", () => {
  it("a timeout, an unreachable provider, 429 and 5xx are transient failures", async () => {
    const hanging = new CensusGeocoder(
      "https://geocoder.test",
      20,
      (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    );
    expect(await hanging.geocode(address)).toEqual({
      status: "failed",
      reason: "no answer within 20 ms",
      transient: true,
    });
    const unreachable = new CensusGeocoder("https://geocoder.test", 50, () =>
      Promise.reject(new TypeError("fetch failed")),
    );
    expect(await unreachable.geocode(address)).toEqual({
      status: "failed",
      reason: "provider unreachable",
      transient: true,
    });
    for (const status of [429, 500, 502, 503])
      expect(await answering(status).geocode(address)).toEqual({
        status: "failed",
        reason: `provider answered HTTP ${status}`,
        transient: true,
      });
  });

  it("a refused request (4xx) and an unreadable answer are failures of this address, not transient", async () => {
    for (const status of [400, 404])
      expect(await answering(status).geocode(address)).toEqual({
        status: "failed",
        reason: `provider answered HTTP ${status}`,
      });
    const notJson = new CensusGeocoder(
      "https://geocoder.test",
      50,
      async () => new Response("<html>", { status: 200 }),
    );
    expect(await notJson.geocode(address)).toEqual({ status: "failed", reason: "provider answer is not JSON" });
  });
});
