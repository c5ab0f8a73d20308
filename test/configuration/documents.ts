/** Configuration documents shared by the configuration tests. */
export const BASE_DOCUMENT = {
  documentVersion: 2,
  fieldDefinitions: [
    {
      entityType: "exposure",
      referenceId: "exposureName",
      label: "Exposure name",
      typeInfo: { kind: "String" },
      required: true,
    },
    {
      entityType: "exposure",
      referenceId: "exposureType",
      label: "Exposure type",
      typeInfo: { kind: "Select", optionSet: "exposureTypes" },
    },
    {
      entityType: "exposure",
      referenceId: "tags",
      label: "Tags",
      typeInfo: { kind: "MultiSelect", optionSet: "exposureTypes" },
    },
    {
      entityType: "event",
      referenceId: "lossDate",
      label: "Loss date",
      typeInfo: { kind: "Date" },
      writePermission: "claims-handling",
    },
    {
      entityType: "policy",
      referenceId: "policyCode",
      label: "Policy code",
      typeInfo: { kind: "Sequence", prefix: "P-", padding: 6 },
      generatedAt: "bind",
    },
  ],
  optionSets: [
    {
      key: "exposureTypes",
      options: [
        { value: "vehicle", label: "Vehicle" },
        { value: "building", label: "Building" },
      ],
    },
  ],
  customObjects: [
    {
      key: "vehicle",
      name: "Vehicle",
      pluralizedName: "Vehicles",
      subFields: [{ referenceId: "vin", label: "VIN", typeInfo: { kind: "String" } }],
    },
  ],
  relationships: [{ key: "previousPolicy", from: "Policy", to: "Policy", cardinality: "N:1" }],
  folderCategories: { policy: ["Underwriting"], event: ["Medical"] },
  ratingWorkflows: [
    {
      name: "default",
      stages: [{ stageType: "table", raterSpec: { rows: [], default: 100 }, outputPath: "premium" }],
      warnings: [{ expression: "premium > 0", message: "Premium should be positive" }],
    },
  ],
};
