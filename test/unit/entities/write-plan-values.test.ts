import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyCalculatedFields, completeValues, defaultsToApply } from "../../../worker/domain/entities/derived-values";
import { calculated, field, NOW, plan, sequence } from "./write-input";

/**
 * What `planWrite` stores when it accepts a write: partial updates, values read per field kind, required
 * fields, computed defaults on create, calculated fields on every save, and embedded exposures.
 */

const NY = "America/New_York";

describe("values are read per field kind, and an update changes only what it names", () => {
  const fields = [
    field("name", "String"),
    field("born", "Date"),
    field("share", "Percent"),
    field("tier", "Select", { typeInfo: { kind: "Select", optionSet: "tiers" } }),
  ];
  const optionSets = [{ key: "tiers", options: [{ value: "gold", label: "Gold" }] }];

  it("stores values in canonical form (a Date gains the default zone, a Percent number becomes text)", () => {
    expect(plan({ fields, optionSets, body: { born: { date: "1990-05-01" }, share: 12.5, tier: "gold" } })).toEqual({
      ok: true,
      data: { born: { date: "1990-05-01", timezone: NY }, share: "12.5", tier: "gold" },
      sequencesToMint: [],
    });
  });

  it("lists every value problem with its path", () => {
    expect(plan({ fields, optionSets, body: { name: 5, tier: "silver" } })).toEqual({
      ok: false,
      refusal: {
        kind: "invalid",
        problems: [
          { path: "name", problem: "must be text" },
          { path: "tier", problem: 'must be one of: "gold"' },
        ],
      },
    });
  });

  // Reference model: a partial update is the stored record with the body's members laid over it.
  it("keeps every stored member the body does not name", () => {
    const text = fc.option(fc.string({ maxLength: 3 }), { nil: null });
    const record = fc.record({ name: text, nickname: text, city: text }, { requiredKeys: [] });
    const textFields = ["name", "nickname", "city"].map((id) => field(id, "String"));
    fc.assert(
      fc.property(record, record, (existing, body) => {
        expect(plan({ fields: textFields, existing, body })).toEqual({
          ok: true,
          data: { ...existing, ...body },
          sequencesToMint: [],
        });
      }),
    );
  });
});

describe("required fields", () => {
  const fields = [
    field("name", "String", { required: true }),
    field("nickname", "String"),
    { ...sequence("ref"), required: true },
    { ...calculated("upperName", "upper(name)"), required: true },
  ];

  it("must be given on create (generated and calculated ones excepted)", () => {
    expect(plan({ fields, body: { nickname: "A" } })).toEqual({
      ok: false,
      refusal: { kind: "invalid", problems: [{ path: "name", problem: "is required" }] },
    });
    expect(plan({ fields, body: { name: "Ada" } }).ok).toBe(true);
  });

  it("may be left out of an update, but not cleared by one", () => {
    expect(plan({ fields, existing: { name: "Ada" }, body: { nickname: "A" } }).ok).toBe(true);
    expect(plan({ fields, existing: { name: "Ada" }, body: { name: null } })).toEqual({
      ok: false,
      refusal: { kind: "invalid", problems: [{ path: "name", problem: "is required" }] },
    });
  });

  it("are not reported twice when the value given is already refused", () => {
    expect(plan({ fields, body: { name: 7 } })).toEqual({
      ok: false,
      refusal: { kind: "invalid", problems: [{ path: "name", problem: "must be text" }] },
    });
  });
});

describe("computed defaults (x-computed-default) on create", () => {
  const fields = [
    field("first", "String"),
    field("last", "String"),
    field("display", "String", { computedDefault: "concat(first, ' ', last)", required: true }),
    field("openedOn", "Date", { computedDefault: "today()" }),
    field("broken", "Number", { computedDefault: "first * 2" }),
  ];

  /** A create as the write pipeline runs it: the plan, then the defaults (sequences have nothing to mint here). */
  function create(fieldList: typeof fields, body: Record<string, unknown>) {
    const planned = plan({ fields: fieldList, body });
    if (!planned.ok) return planned;
    return { ok: true, ...completeValues(fieldList, planned.data, defaultsToApply(fieldList, body, null), NOW) };
  }

  it("fill an absent field from the values given; an evaluation error leaves null", () => {
    expect(create(fields, { first: "Ada", last: "Lovelace" })).toEqual({
      ok: true,
      data: {
        first: "Ada",
        last: "Lovelace",
        display: "Ada Lovelace",
        openedOn: { date: "2025-03-10", timezone: NY },
        broken: null,
      },
      problems: [],
    });
  });

  it("run after the plan, which leaves them out and does not yet count a defaulted required field missing", () => {
    expect(plan({ fields, body: { first: "Ada" } })).toEqual({ ok: true, data: { first: "Ada" }, sequencesToMint: [] });
    expect(create(fields, { last: "L" })).toMatchObject({ problems: [] });
    const empty = [field("code", "String", { computedDefault: "null", required: true })];
    expect(create(empty, {})).toEqual({
      ok: true,
      data: { code: null },
      problems: [{ path: "code", problem: "is required" }],
    });
  });

  it("read each other in dependency order, whatever the declaration order", () => {
    const chained = [
      field("c", "String", { computedDefault: "concat(b, '!')" }),
      field("b", "String", { computedDefault: "upper(a)" }),
      field("a", "String", { computedDefault: "'x'" }),
    ];
    expect(create(chained, {})).toMatchObject({ data: { a: "x", b: "X", c: "X!" } });
  });

  it("keep a value the body gives, null included", () => {
    const result = create(fields, { first: "Ada", display: "Countess", openedOn: null });
    expect(result).toMatchObject({ ok: true, data: { display: "Countess", openedOn: null } });
  });

  it("do not run on update", () => {
    expect(defaultsToApply(fields, { last: "L" }, { first: "Ada", display: "A" })).toEqual([]);
    expect(plan({ fields, existing: { first: "Ada", display: "A" }, body: { last: "L" } })).toEqual({
      ok: true,
      data: { first: "Ada", display: "A", last: "L" },
      sequencesToMint: [],
    });
  });

  // Reference model: on create, the default applies exactly when the body does not name the field.
  it("apply exactly to the fields the body leaves out", () => {
    const simple = [field("a", "Number"), field("b", "Number", { computedDefault: "a + 1" })];
    const value = fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: null });
    fc.assert(
      fc.property(fc.record({ a: value, b: value }, { requiredKeys: [] }), (body) => {
        const a = body.a ?? null;
        const expected = "b" in body ? body : { ...body, b: a === null ? null : a + 1 };
        expect(create(simple, body)).toEqual({ ok: true, data: expected, problems: [] });
      }),
    );
  });
});

describe("calculated fields are recomputed from the stored values on every save", () => {
  const fields = [
    field("premium", "Number"),
    field("rate", "Number"),
    calculated("total", "premium * rate"),
    calculated("label", "concat('Total ', total)"),
    calculated("bad", "premium - 'x'"),
  ];

  it("each after the calculated fields it reads (declared later too); an evaluation error stores null", () => {
    const reversed = [calculated("label", "concat('Total ', total)"), calculated("total", "premium * rate")];
    expect(applyCalculatedFields(reversed, { premium: 2, rate: 3 }, NOW)).toEqual({
      premium: 2,
      rate: 3,
      total: 6,
      label: "Total 6",
    });
    expect(applyCalculatedFields(fields, { premium: 100, rate: 1.5, total: 1 }, NOW)).toEqual({
      premium: 100,
      rate: 1.5,
      total: 150,
      label: "Total 150",
      bad: null,
    });
  });

  it("leave the input untouched and other values as they are", () => {
    const data = { premium: 2, rate: 3, note: "kept" };
    const out = applyCalculatedFields([calculated("total", "premium * rate")], data, NOW);
    expect(out).toEqual({ premium: 2, rate: 3, note: "kept", total: 6 });
    expect(data).toEqual({ premium: 2, rate: 3, note: "kept" });
  });

  // Reference model: premium × rate, null when either is null or missing (CONTRACT 5.4 arithmetic).
  it("agree with the reference for any stored values", () => {
    const value = fc.option(fc.integer({ min: -10_000, max: 10_000 }), { nil: null });
    fc.assert(
      fc.property(fc.record({ premium: value, rate: value }, { requiredKeys: [] }), (data) => {
        const { premium = null, rate = null } = data;
        const expected = premium === null || rate === null ? null : premium * rate;
        expect(applyCalculatedFields([calculated("total", "premium * rate")], data, NOW)).toEqual({
          ...data,
          total: expected,
        });
      }),
    );
  });
});

describe("embedded exposures (quotes)", () => {
  const exposureFields = [
    field("vin", "String", { required: true }),
    sequence("exposureRef"),
    field("year", "Integer"),
  ];
  const quote = (body: Record<string, unknown>, existing: Record<string, unknown> | null = null) =>
    plan({
      entityType: "quote",
      fields: [field("notes", "String")],
      embeddedExposureFields: exposureFields,
      existing,
      body,
    });

  it("are stored as point-in-time copies of the exposure values, an explicit null generated value ignored", () => {
    expect(quote({ exposures: [{ vin: "V1", exposureRef: null, year: 2020 }], notes: "n" })).toEqual({
      ok: true,
      data: { exposures: [{ vin: "V1", year: 2020 }], notes: "n" },
      sequencesToMint: [],
    });
  });

  it("refuse a generated value an item originates, naming its item path", () => {
    expect(quote({ exposures: [{ vin: "V1" }, { vin: "V2", exposureRef: "P-0009" }] })).toEqual({
      ok: false,
      refusal: { kind: "generated", referenceIds: ["exposures[1].exposureRef"] },
    });
  });

  it("accept a generated value resent unchanged at the same position", () => {
    const existing = { exposures: [{ vin: "V1", exposureRef: "P-0001" }] };
    expect(quote({ exposures: [{ vin: "V1", exposureRef: "P-0001" }] }, existing)).toMatchObject({ ok: true });
  });

  it("refuse an item missing a required value as a shape problem, with any other problems beside it", () => {
    expect(quote({ exposures: [{ year: "old" }] })).toEqual({
      ok: false,
      refusal: {
        kind: "shape",
        missing: [{ path: "exposures[0].vin", problem: "is required" }],
        problems: [{ path: "exposures[0].year", problem: "must be a whole number" }],
      },
    });
  });

  it("report unknown members (relationship fields included) and a list that is not a list as value problems", () => {
    expect(quote({ exposures: [{ vin: "V1", insuredId: "p1" }] })).toEqual({
      ok: false,
      refusal: { kind: "invalid", problems: [{ path: "exposures[0].insuredId", problem: "is not an exposure field" }] },
    });
    expect(quote({ exposures: { vin: "V1" } })).toEqual({
      ok: false,
      refusal: { kind: "invalid", problems: [{ path: "exposures", problem: "must be a list of exposures" }] },
    });
  });
});
