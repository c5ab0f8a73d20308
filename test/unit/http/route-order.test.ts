import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareRouteSpecificity } from "../../../worker/http/registry";

const P = "/api/v1/companies/{companyId}";
const ordered = (paths: string[]) => [...paths].sort(compareRouteSpecificity);

describe("route registration order", () => {
  it("tries a literal last segment before a parameter in the same place", () => {
    expect(ordered([`${P}/policies/{policyId}`, `${P}/policies/earned-premium`])).toEqual([
      `${P}/policies/earned-premium`,
      `${P}/policies/{policyId}`,
    ]);
  });

  it("decides by the last differing segment: deleteAll before a typed id route before the any-type route", () => {
    const paths = [
      `${P}/entities/{entityType}/{entityId}`,
      `${P}/entities/exposure/{entityId}`,
      `${P}/entities/{entityType}/deleteAll`,
      `${P}/entities/{entityType}/configuration`,
    ];
    const result = ordered(paths);
    expect(result.indexOf(`${P}/entities/{entityType}/deleteAll`)).toBeLessThan(
      result.indexOf(`${P}/entities/exposure/{entityId}`),
    );
    expect(result.indexOf(`${P}/entities/{entityType}/configuration`)).toBeLessThan(
      result.indexOf(`${P}/entities/exposure/{entityId}`),
    );
    expect(result.at(-1)).toBe(`${P}/entities/{entityType}/{entityId}`);
  });

  // Property: the comparison is a consistent order (sorting any declaration leaves no pair out of order),
  // so the registered order depends on the paths alone, never on where a route was declared.
  it("is a consistent order whatever the declaration order", () => {
    const segment = fc.constantFrom("a", "b", "{x}", "{y}");
    const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/${s.join("/")}`);
    fc.assert(
      fc.property(fc.uniqueArray(path, { maxLength: 8 }), (paths) => {
        const sorted = ordered(paths);
        for (let i = 0; i < sorted.length; i++) {
          for (let j = i + 1; j < sorted.length; j++) {
            expect(compareRouteSpecificity(sorted[i] ?? "", sorted[j] ?? "")).toBeLessThanOrEqual(0);
          }
        }
      }),
    );
  });
});
