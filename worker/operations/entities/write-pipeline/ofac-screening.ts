import { findCompany } from "../../../db/queries/companies";
import type { SubField } from "../../../domain/configuration/document";
import { arbitrateScreening, type Screening } from "../../../domain/ofac/screening-arbitration";
import { OWN_NAME_FIELD, withOwnName } from "../../../domain/ofac/screening-name";
import { externalApiServiceUser } from "../../../domain/ofac/service-user";
import type { Enricher } from "../record-writes";

type Values = Record<string, unknown>;

const isObject = (v: unknown): v is Values => !!v && typeof v === "object" && !Array.isArray(v);
const screeningFields = (fields: readonly SubField[], data: Values) =>
  fields.filter((field) => field.typeInfo.kind === "Object: OfacScreening" && isObject(data[field.referenceId]));

interface Screener {
  actor: string;
  now: Date;
}

/** One record's values (or one embedded exposure's) with each screening arbitrated and named. */
function screenValues(
  screener: Screener,
  fields: readonly SubField[],
  ownNameField: string | undefined,
  data: Values,
  existing: Values | null,
): Values {
  const present = screeningFields(fields, data);
  if (!present.length) return data;
  const out = { ...data };
  for (const field of present) {
    const screening = arbitrateScreening({
      stored: existing?.[field.referenceId],
      incoming: data[field.referenceId] as Screening,
      ...screener,
    });
    out[field.referenceId] = ownNameField ? withOwnName(screening, data[ownNameField]) : screening;
  }
  return out;
}

/** Embedded exposures of the written record that carry a screening. */
const embeddedWithScreenings = (fields: readonly SubField[] | undefined, data: Values) =>
  !!fields &&
  Array.isArray(data.exposures) &&
  data.exposures.some((item) => isObject(item) && screeningFields(fields, item).length > 0);

/**
 * Applies the OFAC rule to every `Object: OfacScreening` value on save, for companies whose
 * `ofacScreening` feature is on (interface, Entities: OFAC rule): `screenedAt` arbitration of the
 * response half, review decisions merged by match id, the record's own name copied into a blank
 * screening `name`. Covers the record's own fields and embedded exposures (each arbitrated against the
 * stored exposure at the same position). Nothing is screened and no outside service is called: the
 * platform only records what the caller sends. With the feature off, values are stored as sent
 * (shape-checked only). A screening cleared with `null` stays cleared.
 */
export const arbitrateOfacScreenings: Enricher = async ({ context, recordType, data, existing }) => {
  const embeddedFields = recordType.embeddedExposureFields;
  if (!screeningFields(recordType.fields, data).length && !embeddedWithScreenings(embeddedFields, data)) return data;
  const company = await findCompany(context.db, context.caller.companyId);
  if (!company?.features?.ofacScreening) return data;

  const screener = { actor: externalApiServiceUser(context.caller.keyId), now: context.now };
  const ownNameField = recordType.kind === "entity" ? OWN_NAME_FIELD[recordType.type] : undefined;
  const out = screenValues(screener, recordType.fields, ownNameField, data, existing);
  if (!embeddedFields || !Array.isArray(out.exposures)) return out;
  const stored: unknown[] = Array.isArray(existing?.exposures) ? existing.exposures : [];
  const exposures = out.exposures.map((item, i) =>
    isObject(item)
      ? screenValues(screener, embeddedFields, OWN_NAME_FIELD.exposure, item, isObject(stored[i]) ? stored[i] : null)
      : item,
  );
  return { ...out, exposures };
};
