import { isRecord } from "../../lib/json";
import {
  ADDRESS_V2_MEMBERS,
  ENTERED_ADDRESS_MEMBERS,
  LEGACY_ADDRESS_MEMBERS,
  LEGACY_TO_V2_PATH,
} from "../addresses/address-v2";
import { PROVIDED_SOURCE } from "../addresses/geocoding";
import {
  ok,
  refuse,
  SCREENED_AT_TOLERANCE_MS,
  tooLongProblem,
  VALUE_BOUNDS,
  type ValueProblem,
  type ValueReading,
} from "./value-reading";

/** Object kinds: `Object: Address`, `Object: AddressV2` and `Object: OfacScreening`. */

function stringMembers(value: Record<string, unknown>, allowed: readonly string[], path: string): ValueProblem[] {
  const problems: ValueProblem[] = [];
  for (const [member, v] of Object.entries(value)) {
    if (!allowed.includes(member))
      problems.push({ path: `${path}.${member}`, problem: "is not a member of this address" });
    else if (v !== null && typeof v !== "string") problems.push({ path: `${path}.${member}`, problem: "must be text" });
    else if (typeof v === "string" && v.length > VALUE_BOUNDS.text)
      problems.push({
        path: `${path}.${member}`,
        problem: tooLongProblem(VALUE_BOUNDS.text),
      });
  }
  return problems;
}

const isAddressV2Member = (member: string) => (ADDRESS_V2_MEMBERS as readonly string[]).includes(member);
const isLegacyAddressMember = (member: string): member is keyof typeof LEGACY_TO_V2_PATH => member in LEGACY_TO_V2_PATH;

/** Legacy `Object: Address`: flat text members. An AddressV2 member says which shape the field takes. */
export function readAddress(value: unknown, path: string): ValueReading {
  if (!isRecord(value)) return refuse(path, "must be an address object");
  const problems: ValueProblem[] = [];
  for (const member of Object.keys(value).filter(isAddressV2Member)) {
    problems.push({
      path: `${path}.${member}`,
      problem:
        "belongs to the AddressV2 shape; this field takes the flat Address shape " +
        `(${LEGACY_ADDRESS_MEMBERS.join(", ")})`,
    });
  }
  const flat = Object.fromEntries(Object.entries(value).filter(([member]) => !isAddressV2Member(member)));
  problems.push(...stringMembers(flat, LEGACY_ADDRESS_MEMBERS, path));
  return problems.length ? { ok: false, problems } : ok(value);
}

const nullOr = (v: unknown, test: (v: unknown) => boolean) => v === undefined || v === null || test(v);
const isText = (v: unknown) => typeof v === "string";
const isNumber = (v: unknown) => typeof v === "number" && Number.isFinite(v);

/** A geocode sent with `source: "provided"` is stored as given, so it must fit the published geocode schema. */
function providedGeocodeProblems(geocode: Record<string, unknown>, path: string): ValueProblem[] {
  const problems: ValueProblem[] = [];
  const check = (member: string, fits: boolean, expected: string) => {
    if (!fits) problems.push({ path: `${path}.${member}`, problem: expected });
  };
  // The published schema does not require a status: one left out is stored as given (left out).
  check("status", geocode.status === undefined || isText(geocode.status), "must be text");
  check("county", nullOr(geocode.county, isText), "must be text");
  check(
    "latitude",
    nullOr(geocode.latitude, (v) => isNumber(v) && Math.abs(v as number) <= 90),
    "must be a latitude between -90 and 90",
  );
  check(
    "longitude",
    nullOr(geocode.longitude, (v) => isNumber(v) && Math.abs(v as number) <= 180),
    "must be a longitude between -180 and 180",
  );
  check(
    "precision",
    nullOr(geocode.precision, (v) => isText(v) || isNumber(v)),
    "must be text or a number",
  );
  check("granularity", nullOr(geocode.granularity, isText), "must be text");
  check(
    "provenance",
    nullOr(geocode.provenance, (v) => isText(v) || isRecord(v)),
    "must be text or an object",
  );
  return problems;
}

/**
 * AddressV2: `enteredAddress` is the caller's; `geocode` is the provider's (see domain/addresses). Only
 * this shape is accepted: a legacy flat member is refused naming where it goes in AddressV2. A sent
 * geocode is checked only when it is `provided` (any other is discarded on save).
 */
export function readAddressV2(value: unknown, path: string): ValueReading {
  if (!isRecord(value)) return refuse(path, "must be an address object");
  const problems: ValueProblem[] = [];
  for (const member of Object.keys(value)) {
    if (isLegacyAddressMember(member))
      problems.push({
        path: `${path}.${member}`,
        problem:
          "is a member of the legacy Address shape; this field takes AddressV2, where it is " +
          LEGACY_TO_V2_PATH[member],
      });
    else if (!isAddressV2Member(member))
      problems.push({ path: `${path}.${member}`, problem: "is not a member of this address" });
  }
  if (value.entryMethod !== undefined && value.entryMethod !== null && typeof value.entryMethod !== "string")
    problems.push({ path: `${path}.entryMethod`, problem: "must be text" });
  if (!isRecord(value.enteredAddress)) problems.push({ path: `${path}.enteredAddress`, problem: "must be an object" });
  else {
    const entered = stringMembers(value.enteredAddress, ENTERED_ADDRESS_MEMBERS, `${path}.enteredAddress`);
    problems.push(
      ...entered.map((p) =>
        p.path.endsWith(".zipCode") && p.problem === "must be text"
          ? { ...p, problem: 'must be text (send ZIP codes quoted, for example "02110")' }
          : p,
      ),
    );
  }
  if (value.geocode !== undefined && value.geocode !== null && !isRecord(value.geocode))
    problems.push({ path: `${path}.geocode`, problem: "must be an object" });
  else if (isRecord(value.geocode) && value.geocode.source === PROVIDED_SOURCE)
    problems.push(...providedGeocodeProblems(value.geocode, `${path}.geocode`));
  return problems.length ? { ok: false, problems } : ok(value);
}

const OFAC_MEMBERS = [
  "name",
  "status",
  "screeningOutcome",
  "screenedAt",
  "screenedBy",
  "screenedRequest",
  "matches",
  "reviewedBy",
  "reviewedAt",
  "reviewDecision",
  "notes",
];

export function readOfacScreening(value: unknown, path: string, now: Date | undefined): ValueReading {
  if (!isRecord(value)) return refuse(path, "must be a screening object");
  const problems: ValueProblem[] = [];
  for (const member of Object.keys(value)) {
    if (!OFAC_MEMBERS.includes(member))
      problems.push({ path: `${path}.${member}`, problem: "is not a member of an OFAC screening" });
  }
  if (
    value.matches !== undefined &&
    value.matches !== null &&
    (!Array.isArray(value.matches) || !value.matches.every(isRecord))
  ) {
    problems.push({ path: `${path}.matches`, problem: "must be a list of match objects" });
  } else if (Array.isArray(value.matches) && value.matches.length > VALUE_BOUNDS.screeningMatches) {
    problems.push({ path: `${path}.matches`, problem: `must have at most ${VALUE_BOUNDS.screeningMatches} matches` });
  }
  for (const [member, v] of Object.entries(value)) {
    if (typeof v === "string" && v.length > VALUE_BOUNDS.text)
      problems.push({
        path: `${path}.${member}`,
        problem: tooLongProblem(VALUE_BOUNDS.text),
      });
  }
  if (
    value.screenedAt !== undefined &&
    value.screenedAt !== null &&
    (typeof value.screenedAt !== "string" || Number.isNaN(Date.parse(value.screenedAt)))
  ) {
    problems.push({ path: `${path}.screenedAt`, problem: "must be an ISO 8601 timestamp" });
  } else if (
    now &&
    typeof value.screenedAt === "string" &&
    Date.parse(value.screenedAt) > now.getTime() + SCREENED_AT_TOLERANCE_MS
  ) {
    // A future stamp would win every later arbitration and freeze the screening (CONTRACT section 4).
    problems.push({ path: `${path}.screenedAt`, problem: "must not be later than 5 minutes after the request" });
  }
  return problems.length ? { ok: false, problems } : ok(value);
}
