import fc from "fast-check";

/**
 * Random valid configuration documents, in any accepted input spelling: `typeInfo` or legacy
 * `type`/`typeArgs`, defaults given or omitted. Every cross-reference points at something declared.
 */
const ENTITY_TYPES = ["exposure", "event", "quote", "submission", "person", "organization", "policy"] as const;
const identifier = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,7}$/);
const snake = fc.stringMatching(/^[a-z]{1,6}(_[a-z]{1,4})?$/);
const label = fc.string({ minLength: 1, maxLength: 12 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const kebab = fc.stringMatching(/^[a-z]{1,6}(-[a-z]{1,6})?$/);

function typeArbitrary(optionSets: string[], depth: number): fc.Arbitrary<Record<string, unknown>> {
  const simple = fc
    .constantFrom(
      "String",
      "Number",
      "Integer",
      "Boolean",
      "Date",
      "Currency",
      "Percent",
      "Email",
      "Phone",
      "Object: Address",
      "Object: AddressV2",
      "Object: OfacScreening",
    )
    .map((kind) => ({ kind }));
  const options: Array<fc.Arbitrary<Record<string, unknown>>> = [simple];
  if (optionSets.length > 0)
    options.push(
      fc.record({ kind: fc.constantFrom("Select", "MultiSelect"), optionSet: fc.constantFrom(...optionSets) }),
    );
  // A Group's entries are not numbered: a Sequence sub-field is refused (`sequence-in-group`).
  if (depth === 0)
    options.push(
      fc.record({
        kind: fc.constant("Sequence"),
        prefix: fc.stringMatching(/^[A-Z]{0,3}-?$/),
        padding: fc.integer({ min: 0, max: 8 }),
      }),
    );
  options.push(
    fc.record({
      kind: fc.constant("Calculated"),
      // Expressions read only fields their record holds (unknown-reference); these read none.
      expression: fc.constantFrom("1 + 2", "concat('a', 'b')"),
      repeatable: fc.boolean(),
    }),
  );
  if (depth < 1)
    options.push(fieldsArbitrary(optionSets, depth + 1, false).map((subFields) => ({ kind: "Group", subFields })));
  return fc.oneof(...options);
}

function fieldArbitrary(optionSets: string[], depth: number, withEntity: boolean) {
  return fc
    .record({
      entityType: withEntity ? fc.constantFrom(...ENTITY_TYPES) : fc.constant(undefined),
      referenceId: identifier,
      label,
      typeInfo: typeArbitrary(optionSets, depth),
      legacySpelling: fc.boolean(),
      required: maybe(fc.boolean()),
      readOnly: maybe(fc.boolean()),
      writePermission: maybe(fc.option(kebab, { nil: null })),
      computedDefault: maybe(fc.option(fc.constant("today()"), { nil: null })),
      description: maybe(fc.option(label, { nil: null })),
    })
    .map(({ entityType, legacySpelling, typeInfo, ...field }) => {
      const { kind, ...args } = typeInfo;
      const type = legacySpelling && kind !== "Group" ? { type: kind, typeArgs: JSON.stringify(args) } : { typeInfo };
      const generatedAt = kind === "Sequence" ? { generatedAt: "bind" } : {};
      return JSON.parse(JSON.stringify({ ...(entityType ? { entityType } : {}), ...field, ...type, ...generatedAt }));
    });
}

function fieldsArbitrary(optionSets: string[], depth: number, withEntity: boolean) {
  return fc.uniqueArray(fieldArbitrary(optionSets, depth, withEntity), {
    maxLength: 4,
    selector: (f: Record<string, unknown>) => `${String(f.entityType)}.${String(f.referenceId)}`,
  });
}

const optionSetsArbitrary = fc.uniqueArray(
  fc.record({
    key: identifier,
    options: fc.uniqueArray(fc.record({ value: fc.oneof(identifier, fc.integer({ min: 0, max: 99 })), label }), {
      minLength: 1,
      maxLength: 3,
      selector: (o) => String(o.value),
    }),
  }),
  { maxLength: 3, selector: (s) => s.key },
);

export const documentArbitrary = optionSetsArbitrary.chain((optionSets) => {
  const setKeys = optionSets.map((s) => s.key);
  return fc
    .record({
      optionSets: fc.constant(optionSets),
      fieldDefinitions: fieldsArbitrary(setKeys, 0, true),
      customObjects: fc.uniqueArray(
        fc.record({
          key: snake,
          name: label,
          pluralizedName: label,
          displayNameExpression: maybe(fc.constant("name")),
          subFields: fieldsArbitrary(setKeys, 0, false),
        }),
        { maxLength: 2, selector: (o) => o.key },
      ),
      relationships: fc.uniqueArray(
        fc.record({
          key: identifier,
          from: fc.constantFrom("Policy", "Exposure", "Event"),
          to: fc.constantFrom("Policy", "Person"),
          cardinality: fc.constantFrom("1:1", "1:N", "N:1", "N:N"),
        }),
        { maxLength: 2, selector: (r) => r.key },
      ),
      folderCategories: fc.dictionary(fc.constantFrom(...ENTITY_TYPES), fc.uniqueArray(label, { maxLength: 3 }), {
        maxKeys: 3,
      }),
      ratingWorkflows: fc.uniqueArray(
        fc.record({
          name: identifier,
          stages: fc.array(
            fc.oneof(
              fc.record({
                stageType: fc.constant("expression"),
                raterSpec: fc.record({ expression: fc.constantFrom("1", "premium * 2", "round(limit / 3, 2)") }),
                outputPath: identifier,
                callOncePerPath: maybe(fc.boolean()),
              }),
              fc.record({
                stageType: fc.constant("table"),
                raterSpec: fc.record({
                  rows: fc.constant([{ match: { state: "NY" }, value: 2 }]),
                  default: fc.integer(),
                }),
                inputs: fc.constant({ state: "state" }),
                outputPath: identifier,
              }),
              fc.record({
                stageType: fc.constant("pricing"),
                raterSpec: fc.constant({ components: [{ label: "Base", group: "g", kind: "Premium", value: "100" }] }),
              }),
            ),
            { minLength: 1, maxLength: 2 },
          ),
        }),
        { maxLength: 2, selector: (w) => w.name },
      ),
      financials: fc.record({
        documentVersion: fc.constant(2),
        categories: fc.uniqueArray(
          fc.record({
            name: label,
            kind: fc.constantFrom("operating", "reserved"),
            expectedDirection: fc.constantFrom("payable", "receivable"),
          }),
          { maxLength: 2, selector: (c) => c.name },
        ),
        policyFinancials: fc.record({
          invoiceTypes: fc.constant([
            { name: "premium", payeeDefaults: { expression: null, allowedEntityTypes: ["organization"] } },
          ]),
          lineItemTypes: fc.uniqueArray(
            fc.record({
              name: label,
              direction: fc.constantFrom("payable", "receivable"),
              allowedOn: fc.constant([{ invoiceType: "premium" }]),
            }),
            { maxLength: 2, selector: (t) => t.name },
          ),
          paymentDefaults: fc.option(
            fc.record({
              paymentPeriod: fc.constantFrom("upfront", "monthly"),
              firstDueDate: fc.record({ anchor: fc.constantFrom("today", "effective-date"), daysAfter: fc.nat(60) }),
            }),
            { nil: null },
          ),
        }),
      }),
    })
    .map((doc) => JSON.parse(JSON.stringify(doc)));
});
