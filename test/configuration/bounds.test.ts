import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createCompany, expectError, type TestCompany } from "../support/harness";

/**
 * Configuration document bounds (CONTRACT 8.3; worker/domain/configuration/bounds.ts). Each crash input of
 * the penetration test, scaled down to stay fast while still over its bound: a 400 naming the bound,
 * nothing stored, and the service keeps answering other companies.
 */

async function admin() {
  const company = await createCompany();
  return { company, key: await company.key(["SUPER_ADMIN"]) };
}

const field = (
  referenceId: string,
  typeInfo: Record<string, unknown> = { kind: "String" },
  entityType = "exposure",
) => ({
  entityType,
  referenceId,
  label: referenceId,
  typeInfo,
});

const options = (count: number) => Array.from({ length: count }, (_, i) => ({ value: `o${i}`, label: `O${i}` }));

/** Validates and imports a document expecting one refused bound; checks nothing was stored. */
async function expectRefused(company: TestCompany, key: string, document: unknown, code: string) {
  const validated = await company.call("POST", "/configuration/validate", key, { body: document });
  expect(validated.status, validated.text.slice(0, 300)).toBe(200);
  expect(validated.json.isValid).toBe(false);
  expect(validated.json.issues.map((i: { code: string }) => i.code)).toContain(code);
  const before = (await company.call("GET", "/configuration/export", key)).json.contentHash;
  const imported = await company.call("POST", "/configuration/import", key, { body: document });
  const error = expectError(imported, 400, "InvalidConfiguration");
  expect(error.message.length).toBeLessThan(200_000);
  expect((await company.call("GET", "/configuration/export", key)).json.contentHash).toBe(before);
  return validated.json.issues as Array<{ code: string; message: string; fieldPath: string[] }>;
}

async function othersStillAnswer() {
  const other = await createCompany();
  expect((await other.call("GET", "/entities/exposure/configuration", await other.key(["ReadOnly"]))).status).toBe(200);
}

describe("counts", () => {
  it("at most 2,000 field definitions, counting sub-fields", async () => {
    const { company, key } = await admin();
    const fields = Array.from({ length: 1_999 }, (_, i) => field(`f${i}`));
    const group = field("drivers", {
      kind: "Group",
      subFields: [
        { referenceId: "a", label: "A", typeInfo: { kind: "String" } },
        { referenceId: "b", label: "B", typeInfo: { kind: "String" } },
      ],
    });
    const issues = await expectRefused(
      company,
      key,
      { fieldDefinitions: [...fields, group] },
      "too-many-field-definitions",
    );
    expect(issues.find((i) => i.code === "too-many-field-definitions")?.message).toBe(
      "The document has 2,002 field definitions; at most 2,000 are allowed",
    );
    const fine = await company.call("POST", "/configuration/import", key, { body: { fieldDefinitions: fields } });
    expect(fine.status, fine.text.slice(0, 300)).toBe(200);
  });

  it("at most 200 option sets and 10,000 options per set", async () => {
    const { company, key } = await admin();
    const sets = Array.from({ length: 201 }, (_, i) => ({ key: `s${i}`, options: options(1) }));
    await expectRefused(company, key, { optionSets: sets }, "too-many-option-sets");
    const issues = await expectRefused(
      company,
      key,
      { optionSets: [{ key: "big", options: options(10_001) }] },
      "too-many-options",
    );
    expect(issues.find((i) => i.code === "too-many-options")?.fieldPath).toEqual(["optionSets", "0", "options"]);
    await othersStillAnswer();
  });

  it("at most 200,000 option values listed by Select fields together (many fields sharing one big set)", async () => {
    const { company, key } = await admin();
    const document = {
      optionSets: [{ key: "big", options: options(10_000) }],
      fieldDefinitions: Array.from({ length: 21 }, (_, i) => field(`s${i}`, { kind: "Select", optionSet: "big" })),
    };
    await expectRefused(company, key, document, "too-many-select-options");
    // Within the bound, the entity configuration read lists them, fast.
    const within = { ...document, fieldDefinitions: document.fieldDefinitions.slice(0, 20) };
    expect((await company.call("POST", "/configuration/import", key, { body: within })).status).toBe(200);
    const started = Date.now();
    const read = await company.call("GET", "/entities/exposure/configuration", key);
    expect(read.status).toBe(200);
    expect(read.json.properties.s19.enum).toHaveLength(10_000);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("at most 1,000 cards; a chain of 1,000 nested cards validates in linear time", async () => {
    const { company, key } = await admin();
    const card = (i: number) => ({
      key: `c${i}`,
      pageKey: "p",
      entityType: "exposure",
      title: `C${i}`,
      parentCardKey: i === 0 ? null : `c${i - 1}`,
    });
    await expectRefused(
      company,
      key,
      { cardDefinitions: Array.from({ length: 1_001 }, (_, i) => card(i)) },
      "too-many-cards",
    );
    const started = Date.now();
    const nested = await company.call("POST", "/configuration/validate", key, {
      body: { cardDefinitions: Array.from({ length: 1_000 }, (_, i) => card(i)) },
    });
    expect(nested.json.isValid).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("a document over 900,000 bytes in canonical form is document-too-large", async () => {
    const { company, key } = await admin();
    const long = "x".repeat(900);
    const document = {
      optionSets: [
        { key: "labels", options: Array.from({ length: 1_100 }, (_, i) => ({ value: `v${i}`, label: long })) },
      ],
    };
    const issues = await expectRefused(company, key, document, "document-too-large");
    expect(issues.find((i) => i.code === "document-too-large")?.message).toMatch(
      /^The configuration is [\d,]+ bytes in canonical form; at most 900,000 can be stored$/,
    );
  });

  it("lists at most 1,000 issues, then counts the rest", async () => {
    const { company, key } = await admin();
    const bad = Array.from({ length: 1_500 }, () => ({ entityType: "exposure", referenceId: "9bad", label: "x" }));
    const res = await company.call("POST", "/configuration/validate", key, { body: { fieldDefinitions: bad } });
    expect(res.json.issues).toHaveLength(1_001);
    expect(res.json.issues.at(-1)).toMatchObject({ code: "too-many-issues", severity: "error" });
  });
});

describe("expressions", () => {
  it("at most 2,000 characters: a 40 KB 1+1+... is a 400, not a 500", async () => {
    const { company, key } = await admin();
    const sum = `1${"+1".repeat(20_000)}`;
    const issues = await expectRefused(
      company,
      key,
      { fieldDefinitions: [field("total", { kind: "Calculated", expression: sum })] },
      "expression-too-long",
    );
    expect(issues.find((i) => i.code === "expression-too-long")?.message).toMatch(
      /^Expression "1\+1.*\.\.\." is not valid: is longer than 2,000 characters$/,
    );
    await othersStillAnswer();
  });

  it("nest at most 32 levels", async () => {
    const { company, key } = await admin();
    const deep = `${"(".repeat(40)}1${")".repeat(40)}`;
    await expectRefused(
      company,
      key,
      { fieldDefinitions: [field("total", { kind: "Calculated", expression: deep })] },
      "expression-too-deep",
    );
  });
});

describe("expressions outside field definitions (CONTRACT 8.3)", () => {
  const customObject = (displayNameExpression: string) => ({
    customObjects: [
      { key: "vehicle", name: "Vehicle", pluralizedName: "Vehicles", displayNameExpression, subFields: [] },
    ],
  });
  const payee = (expression: string) => ({
    financials: {
      documentVersion: 2,
      policyFinancials: {
        invoiceTypes: [
          {
            name: "Claim invoice",
            appliesTo: ["event"],
            payeeDefaults: { expression, allowedEntityTypes: ["person"] },
          },
        ],
      },
    },
  });

  it("a custom object's displayNameExpression must parse and stay within 2,000 characters", async () => {
    const { company, key } = await admin();
    const path = "customObjects.0.displayNameExpression";
    const broken = await expectRefused(company, key, customObject("((( "), "invalid-expression");
    expect(broken.find((i) => i.code === "invalid-expression")?.fieldPath.join(".")).toBe(path);
    const long = await expectRefused(company, key, customObject(`1${"+1".repeat(1_000)}`), "expression-too-long");
    expect(long.find((i) => i.code === "expression-too-long")?.fieldPath.join(".")).toBe(path);
    const fine = await company.call("POST", "/configuration/import", key, { body: customObject('"Vehicle"') });
    expect(fine.status, fine.text.slice(0, 300)).toBe(200);
  });

  it("an invoice type's payeeDefaults.expression must parse and stay within 2,000 characters", async () => {
    const { company, key } = await admin();
    const path = "financials.policyFinancials.invoiceTypes.0.payeeDefaults.expression";
    const broken = await expectRefused(company, key, payee("((( "), "invalid-expression");
    expect(broken.find((i) => i.code === "invalid-expression")?.fieldPath.join(".")).toBe(path);
    const long = await expectRefused(company, key, payee(`1${"+1".repeat(1_000)}`), "expression-too-long");
    expect(long.find((i) => i.code === "expression-too-long")?.fieldPath.join(".")).toBe(path);
    const fine = await company.call("POST", "/configuration/import", key, { body: payee("holder") });
    expect(fine.status, fine.text.slice(0, 300)).toBe(200);
  });

  it("judges only the members an import gives: a stored member from before these rules does not block others", async () => {
    const { company, key } = await admin();
    const first = await company.call("POST", "/configuration/import", key, {
      body: { ...customObject('"Vehicle"'), ...payee("holder") },
    });
    expect(first.status, first.text.slice(0, 300)).toBe(200);
    // As stored by an older release, which took these: its content hash changes with it, as every write's does.
    await env.DB.prepare(
      "UPDATE company_configurations SET document = json_set(document, " +
        "'$.customObjects[0].displayNameExpression', '((( ', " +
        "'$.financials.policyFinancials.invoiceTypes[0].payeeDefaults.expression', '((( ', " +
        '\'$.relationships\', json(\'[{"key":"previousPolicy","from":"Person","to":"Person","cardinality":"1:1"}]\')), ' +
        "content_hash = 'edited:' || content_hash WHERE company_id = ?",
    )
      .bind(company.id)
      .run();
    // A refused import first: the company object forgets the configuration it kept from before the edit.
    expectError(
      await company.call("POST", "/configuration/import", key, { body: { unknownMember: 1 } }),
      400,
      "InvalidConfiguration",
    );
    const others = { optionSets: [{ key: "colours", options: [{ value: "red", label: "Red" }] }] };
    const imported = await company.call("POST", "/configuration/import", key, { body: others });
    expect(imported.status, imported.text.slice(0, 500)).toBe(200);
    const kept = (await company.call("GET", "/configuration/export", key)).json;
    expect(kept.customObjects[0].displayNameExpression).toBe("((( ");
    // Giving a member again judges it.
    await expectRefused(company, key, customObject("((( "), "invalid-expression");
    await expectRefused(company, key, payee("((( "), "invalid-expression");
    const relationships = [{ key: "previousPolicy", from: "Person", to: "Person", cardinality: "1:1" }];
    await expectRefused(company, key, { relationships }, "platform-relationship");
  });
});

describe("calculated fields", () => {
  /** f0 is text; each next field doubles the previous one. */
  const doubling = (links: number) => [
    field("f0"),
    ...Array.from({ length: links }, (_, i) => field(`f${i + 1}`, { kind: "Calculated", expression: `f${i} + f${i}` })),
  ];

  it("chain at most 16 deep", async () => {
    const { company, key } = await admin();
    const issues = await expectRefused(company, key, { fieldDefinitions: doubling(17) }, "calculated-chain-too-long");
    expect(issues.filter((i) => i.code === "calculated-chain-too-long").map((i) => i.fieldPath[1])).toEqual(["17"]);
    expect(
      (await company.call("POST", "/configuration/import", key, { body: { fieldDefinitions: doubling(16) } })).status,
    ).toBe(200);
  });

  it("a value over 10,000 characters refuses the save naming the field, and stores nothing", async () => {
    const { company, key } = await admin();
    expect(
      (await company.call("POST", "/configuration/import", key, { body: { fieldDefinitions: doubling(16) } })).status,
    ).toBe(200);
    const started = Date.now();
    // 24 bytes doubled 16 times would be 1.5 MB: f9 is the first over 10,000 characters (24 × 2^9 = 12,288).
    const refused = await company.call("POST", "/entities/exposure", key, { body: { f0: "x".repeat(24) } });
    const error = expectError(refused, 400, "InvalidFieldModelV1Data");
    expect(error.details[0]).toEqual({
      field: "f9",
      message: "is calculated by an expression that produces text longer than 10,000 characters",
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect((await company.call("GET", "/entities/exposure", key)).json.totalCount).toBe(0);
    // Two characters double past 10,000 at f13 (2 × 2^13 = 16,384); with no text the chain stays null.
    const shorter = expectError(
      await company.call("POST", "/entities/exposure", key, { body: { f0: "ab" } }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(shorter.details.map((d) => d.field)).toEqual(["f13"]);
    const saved = await company.call("POST", "/entities/exposure", key, { body: {} });
    expect(saved.status).toBe(201);
    expect((await company.call("GET", `/entities/exposure/${saved.json.id}`, key)).json.data.f16).toBeNull();
    await othersStillAnswer();
  });
});

describe("String values", () => {
  it("are at most 10,000 characters, or the field's maxLength", async () => {
    const { company, key } = await admin();
    const document = { fieldDefinitions: [field("notes"), field("code", { kind: "String", maxLength: 5 })] };
    expect((await company.call("POST", "/configuration/import", key, { body: document })).status).toBe(200);
    const schema = (await company.call("GET", "/entities/exposure/configuration", key)).json.properties;
    expect([schema.notes.maxLength, schema.code.maxLength]).toEqual([10_000, 5]);
    expect(
      (await company.call("POST", "/entities/exposure", key, { body: { notes: "n".repeat(10_000) } })).status,
    ).toBe(201);
    const long = expectError(
      await company.call("POST", "/entities/exposure", key, { body: { notes: "n".repeat(10_001), code: "123456" } }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(long.details).toEqual([
      { field: "notes", message: "must be at most 10,000 characters long" },
      { field: "code", message: "must be at most 5 characters long" },
    ]);
    const badMax = await company.call("POST", "/configuration/validate", key, {
      body: { fieldDefinitions: [field("code", { kind: "String", maxLength: 10_001 })] },
    });
    expect(badMax.json.issues[0]).toMatchObject({
      code: "invalid-type-argument",
      fieldPath: ["fieldDefinitions", "0", "typeInfo", "maxLength"],
    });
  });
});

describe("identifiers and names of the document are bounded (CONTRACT 8.3)", () => {
  it("refuses a referenceId over 200 characters, which no record body could write; 200 is importable and writable", async () => {
    const { company, key } = await admin();
    const long = `f${"x".repeat(200)}`;
    const issues = await expectRefused(company, key, { fieldDefinitions: [field(long)] }, "too_big");
    expect(issues.map((i) => i.fieldPath.join("."))).toContain("fieldDefinitions.0.referenceId");
    const longest = `f${"x".repeat(199)}`;
    expect(
      (await company.call("POST", "/configuration/import", key, { body: { fieldDefinitions: [field(longest)] } }))
        .status,
    ).toBe(200);
    const written = await company.call("POST", "/entities/exposure", key, { body: { [longest]: "value" } });
    expect(written.status, written.text.slice(0, 300)).toBe(201);
  });

  it("refuses a label over 1,000 characters and an option set key over 200", async () => {
    const { company, key } = await admin();
    const labelled = { ...field("name"), label: "L".repeat(1_001) };
    const labels = await expectRefused(company, key, { fieldDefinitions: [labelled] }, "too_big");
    expect(labels.map((i) => i.fieldPath.join("."))).toContain("fieldDefinitions.0.label");
    const keyed = await expectRefused(
      company,
      key,
      { optionSets: [{ key: "k".repeat(201), options: options(1) }] },
      "too_big",
    );
    expect(keyed.map((i) => i.fieldPath.join("."))).toContain("optionSets.0.key");
  });
});

describe("names a request sends back, titles, messages and lists inside members are bounded (CONTRACT 8.3)", () => {
  const over = (n: number) => "n".repeat(n + 1);
  const workflow = (extra: Record<string, unknown>) => ({
    ratingWorkflows: [
      {
        name: "flat",
        stages: [{ stageType: "pricing", raterSpec: { components: [] } }],
        ...extra,
      },
    ],
  });
  const condition = { expression: "true", message: "Fine" };
  const financials = (policyFinancials: Record<string, unknown>, categories: unknown[] = []) => ({
    financials: { documentVersion: 2, categories, policyFinancials },
  });
  const card = (extra: Record<string, unknown>) => ({
    cardDefinitions: [{ key: "main", pageKey: "overview", entityType: "event", title: "Main", ...extra }],
  });
  const cases: Array<[what: string, document: unknown, path: string, code?: string]> = [
    ["a rating workflow name over 200", workflow({ name: over(200) }), "ratingWorkflows.0.name"],
    ["over 1,000 stages", workflow({ stages: Array.from({ length: 1_001 }, () => ({})) }), "ratingWorkflows.0.stages"],
    ["over 1,000 warnings", workflow({ warnings: Array(1_001).fill(condition) }), "ratingWorkflows.0.warnings"],
    [
      "over 1,000 preconditions",
      workflow({ preconditions: Array(1_001).fill(condition) }),
      "ratingWorkflows.0.preconditions",
    ],
    [
      "over 1,000 billing preconditions",
      workflow({ billingPreconditions: Array(1_001).fill(condition) }),
      "ratingWorkflows.0.billingPreconditions",
    ],
    [
      "a condition message over 1,000",
      workflow({ preconditions: [{ expression: "true", message: over(1_000) }] }),
      "ratingWorkflows.0.preconditions.0.message",
    ],
    [
      "a financial category name over 200",
      financials({}, [{ name: over(200), kind: "operating", expectedDirection: "payable" }]),
      "financials.categories.0.name",
    ],
    [
      "over 1,000 financial categories",
      financials(
        {},
        Array.from({ length: 1_001 }, (_, i) => ({ name: `c${i}`, kind: "operating", expectedDirection: "payable" })),
      ),
      "financials.categories",
    ],
    [
      "an invoice type name over 200",
      financials({ invoiceTypes: [{ name: over(200) }] }),
      "financials.policyFinancials.invoiceTypes.0.name",
    ],
    [
      "a line item type name over 200",
      financials({ lineItemTypes: [{ name: over(200), direction: "payable" }] }),
      "financials.policyFinancials.lineItemTypes.0.name",
    ],
    [
      "an allowedOn label over 200",
      financials({
        invoiceTypes: [{ name: "Claim" }],
        lineItemTypes: [{ name: "Fee", direction: "payable", allowedOn: [{ invoiceType: "Claim", label: over(200) }] }],
      }),
      "financials.policyFinancials.lineItemTypes.0.allowedOn.0.label",
    ],
    [
      "an allowedOn invoice type over 200",
      financials({ lineItemTypes: [{ name: "Fee", direction: "payable", allowedOn: [{ invoiceType: over(200) }] }] }),
      "financials.policyFinancials.lineItemTypes.0.allowedOn.0.invoiceType",
    ],
    ["a card's pageKey over 200", card({ pageKey: over(200) }), "cardDefinitions.0.pageKey"],
    ["a card's key over 200", card({ key: over(200) }), "cardDefinitions.0.key"],
    ["a card's title over 1,000", card({ title: over(1_000) }), "cardDefinitions.0.title"],
    [
      "a section's key over 200",
      { ...card({}), cardSections: [{ key: over(200), cardKey: "main", title: "S" }] },
      "cardSections.0.key",
    ],
    [
      "a section's title over 1,000",
      { ...card({}), cardSections: [{ key: "s", cardKey: "main", title: over(1_000) }] },
      "cardSections.0.title",
    ],
    [
      "a numeric option value beyond 2^53",
      { optionSets: [{ key: "sizes", options: [{ value: 2 ** 60, label: "Huge" }] }] },
      "optionSets.0.options.0.value",
    ],
    [
      "a Sequence prefix over 100",
      { fieldDefinitions: [field("number", { kind: "Sequence", prefix: over(100), padding: 3 })] },
      "fieldDefinitions.0.typeInfo",
      "invalid-type-argument",
    ],
  ];

  it.each(cases)("refuses %s at validate and import, naming the member", async (_what, document, path, code) => {
    const { company, key } = await admin();
    const issues = await expectRefused(company, key, document, code ?? "too_big");
    expect(issues.filter((i) => i.code === (code ?? "too_big")).map((i) => i.fieldPath.join("."))).toContain(path);
  });

  it("a 200-character rating workflow name imports and rates", async () => {
    const { company, key } = await admin();
    const name = "w".repeat(200);
    const imported = await company.call("POST", "/configuration/import", key, {
      body: workflow({
        name,
        stages: [
          {
            stageType: "pricing",
            raterSpec: { components: [{ label: "Flat", group: "premium", kind: "Premium", value: "500" }] },
          },
        ],
      }),
    });
    expect(imported.status, imported.text.slice(0, 300)).toBe(200);
    const rated = await company.call("POST", "/quotes/rate", key, { body: { ratingWorkflowName: name, quote: {} } });
    expect(rated.status, rated.text.slice(0, 300)).toBe(200);
    expect(rated.json.ratingWorkflowName).toBe(name);
  });

  it("200-character invoice type, category, line item type and allowedOn label names import and invoice", async () => {
    const { company, key } = await admin();
    const [invoiceType, category, typeName, otherType, label] = ["i", "c", "t", "u", "l"].map((c) => c.repeat(200)) as [
      string,
      string,
      string,
      string,
      string,
    ];
    const imported = await company.call("POST", "/configuration/import", key, {
      body: financials(
        {
          invoiceTypes: [{ name: invoiceType, appliesTo: ["event"] }],
          lineItemTypes: [
            { name: typeName, direction: "payable", category, allowedOn: [{ invoiceType, label }] },
            { name: otherType, direction: "payable", category, allowedOn: [{ invoiceType }] },
          ],
        },
        [{ name: category, kind: "operating", expectedDirection: "payable" }],
      ),
    });
    expect(imported.status, imported.text.slice(0, 300)).toBe(200);
    const types = (await company.call("GET", "/financials/configuration", key)).json.lineItemTypes;
    const idOf = (name: string) => types.find((t: { name: string }) => t.name === name).lineItemTypeId;
    const create = async (type: string) => (await company.call("POST", `/entities/${type}`, key, { body: {} })).json.id;
    const day = (date: string) => ({ date, timezone: "America/New_York" });
    const invoice = await company.call("POST", "/financials/invoices", key, {
      body: {
        entityType: "event",
        entityId: await create("event"),
        invoiceType,
        issueDate: day("2026-03-01"),
        dueDate: day("2026-03-31"),
        payee: { entityType: "person", entityId: await create("person") },
        lineItems: [
          { lineItemTypeId: idOf(typeName), amountCents: 100 },
          { lineItemTypeId: idOf(otherType), amountCents: 200 },
        ],
      },
    });
    expect(invoice.status, invoice.text.slice(0, 300)).toBe(201);
    expect(invoice.json.lineItems.map((l: { label: string }) => l.label)).toEqual([label, otherType]);
  });

  it("a card on a 200-character page key imports and its page layout reads", async () => {
    const { company, key } = await admin();
    const pageKey = "p".repeat(200);
    const imported = await company.call("POST", "/configuration/import", key, { body: card({ pageKey }) });
    expect(imported.status, imported.text.slice(0, 300)).toBe(200);
    const layout = await company.call("GET", `/pages/${pageKey}/layout`, key);
    expect(layout.status, layout.text.slice(0, 300)).toBe(200);
  });

  it("a Sequence's values are at most its prefix and 20 digits: the configuration read states the maxLength", async () => {
    const { company, key } = await admin();
    const document = {
      fieldDefinitions: [
        field("longest", { kind: "Sequence", prefix: "P".repeat(100), padding: 20 }),
        field("short", { kind: "Sequence", prefix: "Q-", padding: 3 }),
      ],
    };
    const imported = await company.call("POST", "/configuration/import", key, { body: document });
    expect(imported.status, imported.text.slice(0, 300)).toBe(200);
    const schema = (await company.call("GET", "/entities/exposure/configuration", key)).json.properties;
    expect([schema.longest.maxLength, schema.short.maxLength]).toEqual([120, 18]);
  });
});
