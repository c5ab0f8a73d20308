// The small configuration the entity benchmarks import, and the record values they write and seed.
// Seeded rows and API-created rows must agree with it so reads present and updates validate them.

export const ENTITY_TYPE = "exposure";

const EXPOSURE_TYPES = ["vehicle", "property", "cargo"];

export const BENCH_CONFIGURATION = {
  optionSets: [
    {
      key: "exposureTypes",
      options: EXPOSURE_TYPES.map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) })),
    },
  ],
  fieldDefinitions: [
    {
      entityType: ENTITY_TYPE,
      referenceId: "exposureName",
      label: "Exposure name",
      typeInfo: { kind: "String" },
      required: true,
    },
    {
      entityType: ENTITY_TYPE,
      referenceId: "exposureType",
      label: "Exposure type",
      typeInfo: { kind: "Select", optionSet: "exposureTypes" },
      required: false,
    },
  ],
};

/** Field values of the `index`-th seeded exposure. */
export function seededExposureData(index) {
  return { exposureName: `Seeded exposure ${index}`, exposureType: EXPOSURE_TYPES[index % EXPOSURE_TYPES.length] };
}

/** A valid create body. */
export const CREATE_BODY = JSON.stringify({ exposureName: "Benchmark exposure", exposureType: "vehicle" });

/** A small valid change: a new name (and type) per update. */
export function updateBody(revision) {
  return JSON.stringify({
    exposureName: `Edited exposure ${revision}`,
    exposureType: EXPOSURE_TYPES[revision % EXPOSURE_TYPES.length],
  });
}
