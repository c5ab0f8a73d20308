import { describe, expect, it } from "vitest";
import { createCompany, expectError } from "../support/harness";
import { BASE_DOCUMENT } from "./documents";

describe("validate", () => {
  it("answers isValid with no issues for a good document, and stores nothing", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const res = await company.call("POST", "/configuration/validate", key, { body: BASE_DOCUMENT });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ isValid: true, issues: [] });
    expect((await company.call("GET", "/configuration/export", key)).json.fieldDefinitions).toEqual([]);
  });

  it("reports each issue with message, ordered fieldPath segments, severity and code", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const res = await company.call("POST", "/configuration/validate", key, {
      body: {
        fieldDefinitions: [
          { entityType: "exposure", referenceId: "a", label: "A", typeInfo: { kind: "Select", optionSet: "missing" } },
          { entityType: "exposure", referenceId: "a", label: "A again", typeInfo: { kind: "String" } },
        ],
        relationships: [{ key: "r", from: "Policy", to: "Spaceship", cardinality: "1:1" }],
      },
    });
    expect(res.json.isValid).toBe(false);
    expect(res.json.issues).toEqual(
      expect.arrayContaining([
        {
          message: 'Field "a" uses option set "missing", which is not declared',
          fieldPath: ["fieldDefinitions", "0", "typeInfo", "optionSet"],
          severity: "error",
          code: "unknown-option-set",
        },
        {
          message: 'Duplicate field "exposure.a"',
          fieldPath: ["fieldDefinitions", "1", "referenceId"],
          severity: "error",
          code: "duplicate",
        },
        expect.objectContaining({
          fieldPath: ["relationships", "0", "to"],
          severity: "error",
          code: "unknown-entity-type",
          expected: expect.any(String),
        }),
      ]),
    );
  });

  it("keeps warnings from making a document invalid", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const res = await company.call("POST", "/configuration/validate", key, {
      body: { optionSets: [{ key: "unused", options: [{ value: 1, label: "One" }] }], objectPrimitives: [] },
    });
    expect(res.json.isValid).toBe(true);
    expect(res.json.issues.map((i: any) => [i.severity, i.code])).toEqual([
      ["warning", "ignored-member"],
      ["warning", "unused-option-set"],
    ]);
  });

  it("uses an empty fieldPath when no location is known", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const res = await company.call("POST", "/configuration/validate", key, {
      body: ["not", "an", "object"],
      rawBody: '["not"]',
    });
    expect(res.status).toBe(400);
    const viaDocument = await company.call("POST", "/configuration/validate", key, { body: { documentVersion: 1 } });
    expect(viaDocument.json.issues[0]).toMatchObject({
      fieldPath: ["documentVersion"],
      severity: "error",
      code: "unsupported-version",
    });
  });

  it("agrees with import on every document: valid documents import, invalid ones are refused with the same issues", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const documents = [
      BASE_DOCUMENT,
      { fieldDefinitions: [{ entityType: "event", referenceId: "x", label: "X", type: "Date", typeArgs: "{oops" }] },
      { cardDefinitions: [{ key: "c", pageKey: "p", entityType: "event", title: "C", parentCardKey: "c" }] },
      {
        financials: {
          documentVersion: 2,
          categories: [{ name: "A", kind: "reserved", expectedDirection: "sideways" }],
        },
      },
    ];
    for (const document of documents) {
      const verdict = (await company.call("POST", "/configuration/validate", key, { body: document })).json;
      const imported = await company.call("POST", "/configuration/import", key, { body: document });
      if (verdict.isValid) expect(imported.status).toBe(200);
      else {
        const errors = verdict.issues.filter((i: any) => i.severity === "error");
        expect(expectError(imported, 400, "InvalidConfiguration").details).toEqual(
          errors.map((i: any) => ({ field: i.fieldPath.join("."), message: i.message })),
        );
      }
    }
  });

  it("refuses expressions that do not parse or call unknown functions, and warns on clock reads marked repeatable", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const res = await company.call("POST", "/configuration/validate", key, {
      body: {
        fieldDefinitions: [
          {
            entityType: "quote",
            referenceId: "total",
            label: "Total",
            typeInfo: { kind: "Calculated", expression: "premium +* fees" },
          },
          {
            entityType: "quote",
            referenceId: "due",
            label: "Due",
            typeInfo: { kind: "Date" },
            computedDefault: "tomorrow()",
          },
          {
            entityType: "quote",
            referenceId: "age",
            label: "Age",
            typeInfo: { kind: "Calculated", expression: "today()", repeatable: true },
          },
        ],
        ratingWorkflows: [
          { name: "w", stages: [{ stageType: "t" }], warnings: [{ expression: "(premium > 0", message: "m" }] },
        ],
      },
    });
    expect(res.json.isValid).toBe(false);
    expect(res.json.issues.map((i: any) => [i.severity, i.code, i.fieldPath.join(".")])).toEqual([
      ["error", "invalid-expression", "fieldDefinitions.0.typeInfo.expression"],
      ["error", "invalid-expression", "fieldDefinitions.1.computedDefault"],
      ["warning", "not-repeatable", "fieldDefinitions.2.typeInfo.repeatable"],
      ["error", "invalid-expression", "ratingWorkflows.0.warnings.0.expression"],
      ["error", "invalid-rating-stage", "ratingWorkflows.0.stages.0.stageType"],
    ]);
  });

  it("judges stage members by the stage check: a missing or non-text stageType or outputPath is invalid-rating-stage", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const res = await company.call("POST", "/configuration/validate", key, {
      body: {
        ratingWorkflows: [
          {
            name: "w",
            stages: [
              { raterSpec: { expression: "1" }, outputPath: "a" },
              { stageType: "", raterSpec: { expression: "1" }, outputPath: "a" },
              { stageType: "expression", raterSpec: { expression: "1" }, outputPath: 7 },
              // Names an object has of its own accord are no stage types either (these once answered 500).
              { stageType: "toString", raterSpec: { expression: "1" } },
              { stageType: "__proto__", raterSpec: { expression: "1" } },
            ],
          },
        ],
      },
    });
    expect(res.json.isValid).toBe(false);
    expect(res.json.issues.map((i: any) => [i.severity, i.code, i.fieldPath.join(".")])).toEqual([
      ["error", "invalid-rating-stage", "ratingWorkflows.0.stages.0.stageType"],
      ["error", "invalid-rating-stage", "ratingWorkflows.0.stages.1.stageType"],
      ["error", "invalid-rating-stage", "ratingWorkflows.0.stages.2.outputPath"],
      ["error", "invalid-rating-stage", "ratingWorkflows.0.stages.3.stageType"],
      ["error", "invalid-rating-stage", "ratingWorkflows.0.stages.4.stageType"],
    ]);
  });

  it("ignores a member the stage's type does not use, whatever its value, and does not store it", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const pricing = { stageType: "pricing", raterSpec: { components: [] }, outputPath: null, inputs: 7 };
    const expression = { stageType: "expression", raterSpec: { expression: "1" }, outputPath: "a", inputs: "x" };
    const body = { ratingWorkflows: [{ name: "w", stages: [pricing, expression] }] };
    const validated = await company.call("POST", "/configuration/validate", key, { body });
    expect(validated.json).toMatchObject({ isValid: true });
    const imported = await company.call("POST", "/configuration/import", key, { body });
    expect(imported.status, JSON.stringify(imported.json)).toBe(200);
    const exported = await company.call("GET", "/configuration/export", key);
    expect(exported.json.ratingWorkflows[0].stages).toEqual([
      { stageType: "pricing", raterSpec: { components: [] } },
      { stageType: "expression", raterSpec: { expression: "1" }, outputPath: "a" },
    ]);
  });

  it("needs configuration.view", async () => {
    const company = await createCompany();
    expectError(
      await company.call("POST", "/configuration/validate", await company.key([], ["audit.view"]), { body: {} }),
      403,
      "AuthorizationError",
    );
    expect(
      (await company.call("POST", "/configuration/validate", await company.key(["ReadOnly"]), { body: {} })).status,
    ).toBe(200);
  });
});

describe("compare with a document body", () => {
  it("reports additions, updates, deletes and unchanged per category", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    await company.call("POST", "/configuration/import", key, { body: BASE_DOCUMENT });
    const [name, type, , lossDate] = BASE_DOCUMENT.fieldDefinitions;
    const res = await company.call("POST", "/configuration/compare", key, {
      body: {
        fieldDefinitions: [
          name,
          { ...type, label: "Kind" },
          lossDate,
          { entityType: "person", referenceId: "email", label: "Email", typeInfo: { kind: "Email" } },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.fieldDefinitions).toEqual({ additions: 1, updates: 1, deletes: 2, unchanged: 2 });
    expect(res.json.optionSets).toEqual({ additions: 0, updates: 0, deletes: 0, unchanged: 1 });
    expect(Object.keys(res.json).sort()).toEqual([
      "cardDefinitions",
      "cardSections",
      "customObjects",
      "fieldDefinitions",
      "fieldLocations",
      "optionSets",
    ]);
    expect((await company.call("GET", "/configuration/export", key)).json.fieldDefinitions).toHaveLength(5);
  });

  it("refuses an invalid document with 400 InvalidConfiguration", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    expectError(
      await company.call("POST", "/configuration/compare", key, { body: { optionSetTypes: [] } }),
      400,
      "InvalidConfiguration",
    );
  });

  it("needs the FMV1_CONFIGURATION_MANAGER role beside the permission (Authentication 6), checked before the body", async () => {
    const company = await createCompany();
    // Admin holds company.configuration:export, not the role: refused, also with a body that is not a document.
    const admin = await company.key(["Admin"]);
    for (const body of [{}, { optionSetTypes: [] }]) {
      const refused = expectError(
        await company.call("POST", "/configuration/compare", admin, { body }),
        403,
        "AuthorizationError",
      );
      expect(refused.message).toBe("User is not authorized to perform the requested action");
    }
    // Before the body is even read: JSON that does not parse is still the role's 403.
    const unread = await company.call("POST", "/configuration/compare", admin, { rawBody: "{not json" });
    expectError(unread, 403, "AuthorizationError");
    const manager = await company.key(["FMV1_CONFIGURATION_MANAGER"], ["company.configuration:export"]);
    expect((await company.call("POST", "/configuration/compare", manager, { body: {} })).status).toBe(200);
    expectError(
      await company.call("POST", "/configuration/compare", manager, { rawBody: "{not json" }),
      400,
      "VALIDATION_ERROR",
    );
  });
});

describe("expressions read only fields their record holds (unknown-reference)", () => {
  const document = (expression: string, computedDefault: string | null = null) => ({
    fieldDefinitions: [
      { entityType: "exposure", referenceId: "exposureName", label: "Name", typeInfo: { kind: "String" } },
      {
        entityType: "exposure",
        referenceId: "label",
        label: "Label",
        typeInfo: { kind: "Calculated", expression, repeatable: true },
      },
      { entityType: "quote", referenceId: "region", label: "Region", typeInfo: { kind: "String" }, computedDefault },
    ],
  });

  it("validate reports a calculated field or computed default naming an unknown field", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const res = await company.call("POST", "/configuration/validate", key, {
      body: document("concat(exposureName, ' / ', exposureNumber)", "upper(exposureName)"),
    });
    expect(res.json.isValid).toBe(false);
    expect(res.json.issues).toEqual([
      {
        message: `Expression "concat(exposureName, ' / ', exposureNumber)" names unknown field "exposureNumber"`,
        fieldPath: ["fieldDefinitions", "1", "typeInfo", "expression"],
        severity: "error",
        code: "unknown-reference",
        reason: "exposureNumber",
      },
      {
        // exposureName is an exposure field, not a quote field.
        message: `Expression "upper(exposureName)" names unknown field "exposureName"`,
        fieldPath: ["fieldDefinitions", "2", "computedDefault"],
        severity: "error",
        code: "unknown-reference",
        reason: "exposureName",
      },
    ]);
  });

  it("import refuses it with 400 InvalidConfiguration and keeps the stored configuration and records", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    expect(
      (await company.call("POST", "/configuration/import", key, { body: document("upper(exposureName)") })).status,
    ).toBe(200);
    const created = await company.call("POST", "/entities/exposure", key, { body: { exposureName: "Truck" } });
    const error = expectError(
      await company.call("POST", "/configuration/import", key, { body: document("upper(exposureNme)") }),
      400,
      "InvalidConfiguration",
    );
    expect(error.details).toEqual([
      {
        field: "fieldDefinitions.1.typeInfo.expression",
        message: 'Expression "upper(exposureNme)" names unknown field "exposureNme"',
      },
    ]);
    // The next save still computes the value instead of storing null.
    const saved = await company.call("PATCH", `/entities/exposure/${created.json.id}`, key, { body: {} });
    expect(saved.json.data.label).toBe("TRUCK");
  });

  it("accepts platform members and, inside a group entry, its sibling sub-fields", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const res = await company.call("POST", "/configuration/validate", key, {
      body: {
        fieldDefinitions: [
          {
            entityType: "event",
            referenceId: "summary",
            label: "Summary",
            typeInfo: { kind: "Calculated", expression: "concat(eventName, ' ', eventStatus)" },
          },
          {
            entityType: "quote",
            referenceId: "termStart",
            label: "Term start",
            typeInfo: { kind: "Calculated", expression: "policyStartDate" },
          },
          {
            entityType: "exposure",
            referenceId: "drivers",
            label: "Drivers",
            typeInfo: {
              kind: "Group",
              subFields: [
                { referenceId: "first", label: "First", typeInfo: { kind: "String" } },
                { referenceId: "shout", label: "Shout", typeInfo: { kind: "Calculated", expression: "upper(first)" } },
              ],
            },
          },
        ],
      },
    });
    expect(res.json).toEqual({ isValid: true, issues: [] });
  });
});
