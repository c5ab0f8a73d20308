/**
 * A fake U.S. Census Geocoder (structured address search with geographies), answering the worker's
 * outbound fetches in tests, plus a log of every outbound request the test run makes to any host. Wired
 * into the `workers` project's miniflare `outboundService` in vitest.config.ts; it runs in the Node
 * process, so its state is shared by every test file: key canned answers by a street unique to the test.
 *
 * Control endpoints (plain `fetch` from the test; it goes through the outbound service too):
 *   PUT https://fake-geocoder.test/__control/answers  {street, answer}
 *       answer: {kind: "match", county?, latitude?, longitude?, matchedAddress?}
 *             | {kind: "noMatch"} | {kind: "error", status?} | {kind: "hang"} | {kind: "notJson"}
 *   GET https://fake-geocoder.test/__control/requests?street=S  → [{street, city, state, zip, benchmark, vintage, format}]
 *   GET https://fake-geocoder.test/__control/outbound?contains=T → [{method, url, body}] of outbound requests
 *       (any host, control calls excluded) whose decoded URL or body contains T
 *
 * API: `GET /geocoder/geographies/address` as the Census answers it. A street with no canned answer gets
 * Census's no-match answer (`addressMatches: []`); missing `street`, `benchmark` or `format=json` is 400
 * with Census's `{errors, status}` body. `hang` answers only after 10 s (past the worker's timeout).
 */

export const FAKE_GEOCODER_ORIGIN = "https://fake-geocoder.test";

export type FakeGeocoderAnswer =
  | { kind: "match"; county?: string; latitude?: number; longitude?: number; matchedAddress?: string }
  | { kind: "noMatch" }
  | { kind: "error"; status?: number }
  | { kind: "hang" }
  | { kind: "notJson" };

type Outbound = (request: Request) => Promise<Response>;

const answers = new Map<string, FakeGeocoderAnswer>();
const lookups = new Map<string, Array<Record<string, string | null>>>();
const outboundLog: Array<{ method: string; url: string; body: string }> = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const keyOf = (street: string) => street.trim().toLowerCase();

function censusInput(params: URLSearchParams) {
  return {
    address: {
      street: params.get("street"),
      city: params.get("city") ?? "",
      state: params.get("state") ?? "",
      zip: params.get("zip") ?? "",
    },
    benchmark: {
      isDefault: false,
      benchmarkDescription: "Public Address Ranges - Current Benchmark",
      id: "4",
      benchmarkName: params.get("benchmark"),
    },
    vintage: {
      isDefault: false,
      vintageName: params.get("vintage"),
      vintageDescription: "Current Vintage - Current Benchmark",
      id: "4",
    },
  };
}

function censusMatch(params: URLSearchParams, answer: Extract<FakeGeocoderAnswer, { kind: "match" }>) {
  const county = answer.county ?? "Prince George's County";
  return {
    tigerLine: { side: "L", tigerLineId: "76355984" },
    coordinates: { x: answer.longitude ?? -76.92748, y: answer.latitude ?? 38.84601 },
    addressComponents: {
      zip: params.get("zip") ?? "",
      city: (params.get("city") ?? "").toUpperCase(),
      state: (params.get("state") ?? "").toUpperCase(),
    },
    matchedAddress:
      answer.matchedAddress ??
      `${params.get("street")}, ${params.get("city") ?? ""}, ${params.get("state") ?? ""}, ${params.get("zip") ?? ""}`.toUpperCase(),
    geographies: {
      States: [{ NAME: "Maryland", STUSAB: "MD", GEOID: "24", STATE: "24" }],
      Counties: [
        { NAME: county, BASENAME: county.replace(/ County$/, ""), GEOID: "24033", STATE: "24", COUNTY: "033" },
      ],
    },
  };
}

async function geocode(url: URL): Promise<Response> {
  const params = url.searchParams;
  const street = params.get("street");
  if (street) {
    const seen = lookups.get(keyOf(street)) ?? [];
    seen.push(
      Object.fromEntries(
        ["street", "city", "state", "zip", "benchmark", "vintage", "format"].map((name) => [name, params.get(name)]),
      ),
    );
    lookups.set(keyOf(street), seen);
  }
  if (!street?.trim())
    return json({ errors: ["Street address cannot be empty and cannot exceed 100 characters"], status: "400" }, 400);
  if (!params.get("benchmark")) return json({ errors: ["Benchmark must be provided"], status: "400" }, 400);
  if (params.get("format") !== "json")
    return new Response("<html>Census Geocoder</html>", { headers: { "Content-Type": "text/html" } });

  const answer = answers.get(keyOf(street)) ?? { kind: "noMatch" };
  switch (answer.kind) {
    case "match":
      return json({ result: { input: censusInput(params), addressMatches: [censusMatch(params, answer)] } });
    case "noMatch":
      return json({ result: { input: censusInput(params), addressMatches: [] } });
    case "error":
      return json({ errors: ["Internal server error"], status: String(answer.status ?? 500) }, answer.status ?? 500);
    case "notJson":
      return new Response("<html>Service Unavailable</html>", { headers: { "Content-Type": "text/html" } });
    case "hang":
      await new Promise((resolve) => setTimeout(resolve, 10_000).unref());
      return json({ result: { input: censusInput(params), addressMatches: [] } });
  }
}

async function control(request: Request, url: URL): Promise<Response> {
  if (url.pathname === "/__control/answers" && request.method === "PUT") {
    const body = (await request.json()) as { street?: string; answer?: FakeGeocoderAnswer };
    if (typeof body?.street !== "string" || !body.answer) return json({ error: "street and answer are required" }, 400);
    answers.set(keyOf(body.street), body.answer);
    return new Response(null, { status: 204 });
  }
  if (url.pathname === "/__control/requests" && request.method === "GET")
    return json(lookups.get(keyOf(url.searchParams.get("street") ?? "")) ?? []);
  if (url.pathname === "/__control/outbound" && request.method === "GET") {
    const text = url.searchParams.get("contains") ?? "";
    return json(outboundLog.filter((entry) => entry.url.includes(text) || entry.body.includes(text)));
  }
  return json({ error: "unknown control call" }, 404);
}

/** The fake geocoder's own origin: control calls and the Census API. */
export async function fakeGeocoderOutbound(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/__control/")) return control(request, url);
  if (url.pathname === "/geocoder/geographies/address" && request.method === "GET") return geocode(url);
  return json({ errors: ["Not found"], status: "404" }, 404);
}

const decoded = (url: string) => {
  try {
    return decodeURIComponent(url.replaceAll("+", " "));
  } catch {
    return url;
  }
};

/** Wraps the outbound handler so every request except control calls is logged before it is answered. */
export function loggingOutbound(handler: Outbound): Outbound {
  return async (request) => {
    if (!new URL(request.url).pathname.startsWith("/__control/")) {
      const hasBody = request.method !== "GET" && request.method !== "HEAD";
      outboundLog.push({
        method: request.method,
        url: decoded(request.url),
        body: hasBody ? await request.clone().text() : "",
      });
    }
    return handler(request);
  };
}
