import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createCompany, expectError } from "../support/harness";

/** The company object keeps the configuration between its operations (issue 16, lever 3). */

const field = (referenceId: string, required = false) => ({
  entityType: "person",
  referenceId,
  label: referenceId,
  typeInfo: { kind: "String" },
  ...(required ? { required: true } : {}),
});

describe("the company object's memory of the configuration", () => {
  it("serves writes without reading D1 again, and forgets it when an import changes it", async () => {
    const company = await createCompany();
    const admin = await company.key(["Admin"]);
    const imported = await company.call("POST", "/configuration/import", admin, {
      body: { fieldDefinitions: [field("name")] },
    });
    expect(imported.status, imported.text).toBe(200);
    expect((await company.call("POST", "/entities/person", admin, { body: { name: "Ada" } })).status).toBe(201);

    // Changed behind the object's back (nothing but the object writes it): the object still uses what it read.
    const stored = await env.DB.prepare("SELECT document FROM company_configurations WHERE company_id = ?")
      .bind(company.id)
      .first<{ document: string }>();
    const document = JSON.parse(stored?.document ?? "{}");
    document.fieldDefinitions.push(field("email", true));
    await env.DB.prepare("UPDATE company_configurations SET document = ? WHERE company_id = ?")
      .bind(JSON.stringify(document), company.id)
      .run();
    expect((await company.call("POST", "/entities/person", admin, { body: { name: "Bob" } })).status).toBe(201);

    // An import runs in the object: afterwards it reads the configuration anew.
    const required = await company.call("POST", "/configuration/import", admin, {
      body: { fieldDefinitions: [field("name"), field("email", true)] },
    });
    expect(required.status, required.text).toBe(200);
    const refused = await company.call("POST", "/entities/person", admin, { body: { name: "Cy" } });
    expectError(refused, 400, "InvalidFieldModelV1Data");
    expect(refused.json.error.details).toEqual([{ field: "email", message: "is required" }]);
  });
});
