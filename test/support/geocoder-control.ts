import { expect } from "vitest";
import { FAKE_GEOCODER_ORIGIN, type FakeGeocoderAnswer } from "./fake-geocoder";

/**
 * The fake Census geocoder's control endpoints (test/support/fake-geocoder.ts), from a test. Its answers are
 * shared by every test file: key them by a street unique to the test.
 */

/** Cans the fake's answer for a street. */
export async function answerGeocoder(street: string, answer: FakeGeocoderAnswer) {
  const res = await fetch(`${FAKE_GEOCODER_ORIGIN}/__control/answers`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ street, answer }),
  });
  expect(res.status).toBe(204);
}

/** The lookups the fake received for a street, oldest first. */
export async function geocoderLookups(street: string): Promise<Array<Record<string, string | null>>> {
  return (await fetch(`${FAKE_GEOCODER_ORIGIN}/__control/requests?street=${encodeURIComponent(street)}`)).json();
}

/** Waits (up to 5 s) until the fake has been asked about a street, then expects exactly one lookup. */
export async function untilGeocoderAsked(street: string) {
  for (let i = 0; i < 250 && (await geocoderLookups(street)).length === 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await geocoderLookups(street)).toHaveLength(1);
}
