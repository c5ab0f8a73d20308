import type { EnteredAddress } from "../domain/addresses/address-v2";
import type { GeocodeOutcome } from "../domain/addresses/geocoding";

/** Where the U.S. Census Geocoder lives unless `GEOCODER_BASE_URL` says otherwise. */
export const DEFAULT_GEOCODER_BASE_URL = "https://geocoding.geo.census.gov";
/** How long one lookup may take before the address is recorded as `failed`. */
export const DEFAULT_GEOCODER_TIMEOUT_MS = 3_000;
/** `geocode.source` and `provenance.provider` of this provider's answers. */
export const CENSUS_PROVIDER = "census";

const BENCHMARK = "Public_AR_Current";
const VINTAGE = "Current_Current";

export type GeocoderFetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The parts of a Census `geographies/address` answer this client reads. */
interface CensusResponse {
  result?: {
    addressMatches?: Array<{
      matchedAddress?: string;
      coordinates?: { x?: number; y?: number };
      tigerLine?: { tigerLineId?: string; side?: string };
      geographies?: { Counties?: Array<{ NAME?: string; GEOID?: string }> };
    }>;
  };
}

/**
 * The U.S. Census Geocoder, structured-address search with geography lookup:
 * `GET {base}/geocoder/geographies/address?street=&city=&state=&zip=&benchmark=&vintage=&format=json`.
 * Never throws: an empty `addressMatches` is `unmatched`; a network failure, timeout, non-200 answer
 * or unreadable body is `failed` with the reason, marked `transient` when the provider did not answer.
 */
export class CensusGeocoder {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly timeoutMs: number,
    private readonly fetcher: GeocoderFetch,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
  }

  async geocode(address: EnteredAddress): Promise<GeocodeOutcome> {
    let response: Response;
    try {
      response = await this.fetcher(this.lookupUrl(address), {
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const reason = timedOut ? `no answer within ${this.timeoutMs} ms` : "provider unreachable";
      return { status: "failed", reason, transient: true };
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      const transient = response.status === 429 || response.status >= 500;
      return { status: "failed", reason: `provider answered HTTP ${response.status}`, ...(transient && { transient }) };
    }
    let body: CensusResponse;
    try {
      body = await response.json();
    } catch {
      return { status: "failed", reason: "provider answer is not JSON" };
    }
    return readMatch(body);
  }

  private lookupUrl(address: EnteredAddress): string {
    const params = new URLSearchParams({ street: address.address1?.trim() ?? "" });
    const optional = { city: address.city, state: address.state, zip: address.zipCode };
    for (const [name, value] of Object.entries(optional)) if (value?.trim()) params.set(name, value.trim());
    params.set("benchmark", BENCHMARK);
    params.set("vintage", VINTAGE);
    params.set("format", "json");
    return `${this.baseUrl}/geocoder/geographies/address?${params}`;
  }
}

function readMatch(body: CensusResponse): GeocodeOutcome {
  const matches = body?.result?.addressMatches;
  if (!Array.isArray(matches)) return { status: "failed", reason: "provider answer has no addressMatches" };
  const match = matches[0];
  if (!match) return { status: "unmatched" };
  const { x, y } = match.coordinates ?? {};
  if (typeof x !== "number" || typeof y !== "number")
    return { status: "failed", reason: "provider match has no coordinates" };
  const county = match.geographies?.Counties?.[0];
  return {
    status: "matched",
    county: county?.NAME ?? null,
    latitude: y,
    longitude: x,
    matchedAddress: match.matchedAddress ?? null,
    details: {
      benchmark: BENCHMARK,
      vintage: VINTAGE,
      countyGeoid: county?.GEOID ?? null,
      tigerLineId: match.tigerLine?.tigerLineId ?? null,
      side: match.tigerLine?.side ?? null,
      matchCount: matches.length,
    },
  };
}
