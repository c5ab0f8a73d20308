import { describe, expect, it } from "vitest";
import type { ConfigurationDocument } from "../../../worker/domain/configuration/document";
import { DocumentsByHash } from "../../../worker/operations/configuration/documents-by-hash";

const documentNamed = (label: string) =>
  ({
    fieldDefinitions: [{ entityType: "exposure", referenceId: "name", label, typeInfo: { kind: "String" } }],
  }) as unknown as ConfigurationDocument;

describe("parsed configuration documents by content hash", () => {
  it("keeps at most its byte bound, dropping the least recently read first", () => {
    const documents = new DocumentsByHash(250);
    documents.set("a", documentNamed("A"), 100);
    documents.set("b", documentNamed("B"), 100);
    expect(documents.get("a")).not.toBeNull(); // "a" is now the most recently read
    documents.set("c", documentNamed("C"), 100); // 300 bytes > 250: "b" goes
    expect(documents.get("b")).toBeNull();
    expect(documents.get("a")).not.toBeNull();
    expect(documents.get("c")).not.toBeNull();
    expect(documents.bytes).toBe(200);
    // A document larger than the whole bound is handed back but never kept.
    const huge = documents.set("huge", documentNamed("H"), 251);
    expect(huge.fieldDefinitions[0]?.label).toBe("H");
    expect(documents.get("huge")).toBeNull();
    expect(documents.size).toBe(2);
  });

  it("hands out deep-frozen documents, so no request can change what another reads", () => {
    const documents = new DocumentsByHash();
    const kept = documents.set("a", documentNamed("A"), 10);
    expect(() => {
      const [field] = kept.fieldDefinitions as unknown as Array<{ label: string }>;
      if (field) field.label = "changed";
    }).toThrow(TypeError);
    expect(() => (kept.fieldDefinitions as unknown[]).push({})).toThrow(TypeError);
    expect(documents.get("a")?.fieldDefinitions[0]?.label).toBe("A");
  });
});
