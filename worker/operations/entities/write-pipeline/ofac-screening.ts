import { findCompany } from "../../../db/queries/companies";
import type { SubField } from "../../../domain/configuration/document";
import { arbitrateScreening } from "../../../domain/ofac/screening-arbitration";
import { OWN_NAME_FIELD, withOwnName } from "../../../domain/ofac/screening-name";
import { externalApiServiceUser } from "../../../domain/ofac/service-user";
import { isRecord, type JsonObject } from "../../../lib/json";
import type { OperationContext } from "../../context";
import type { WriteStep } from "./write-step";

const screeningFields = (fields: readonly SubField[], data: JsonObject) =>
  fields.filter((field) => field.typeInfo.kind === "Object: OfacScreening" && isRecord(data[field.referenceId]));

interface Screener {
  actor: string;
  now: Date;
}

/** One record's values (or one embedded exposure's) with each screening arbitrated and named. */
function screenValues(
  screener: Screener,
  fields: readonly SubField[],
  ownNameField: string | undefined,
  data: JsonObject,
  existing: JsonObject | null,
): JsonObject {
  const present = screeningFields(fields, data);
  if (!present.length) return data;
  const out = { ...data };
  for (const field of present) {
    const incoming = data[field.referenceId];
    if (!isRecord(incoming)) continue;
    const screening = arbitrateScreening({ stored: existing?.[field.referenceId], incoming, ...screener });
    out[field.referenceId] = ownNameField ? withOwnName(screening, data[ownNameField]) : screening;
  }
  return out;
}

const anyScreening = (fields: readonly SubField[], items: readonly unknown[]) =>
  items.some((item) => isRecord(item) && screeningFields(fields, item).length > 0);

/** Who screens: the calling key's External API service user, at the call's time; null when the feature is off. */
async function screenerOf(ctx: OperationContext): Promise<Screener | null> {
  const company = await findCompany(ctx.db, ctx.companyId);
  if (!company?.features?.ofacScreening) return null;
  return { actor: externalApiServiceUser(ctx.actor.keyId ?? ""), now: ctx.now };
}

function screenItems(
  screener: Screener,
  exposureFields: readonly SubField[],
  exposures: readonly unknown[],
  stored: readonly unknown[],
): unknown[] {
  return exposures.map((item, i) => {
    const before = stored[i];
    return isRecord(item)
      ? screenValues(screener, exposureFields, OWN_NAME_FIELD.exposure, item, isRecord(before) ? before : null)
      : item;
  });
}

/**
 * Applies the OFAC rule to the screenings of a list of embedded exposures, each arbitrated against the
 * stored exposure at the same position (`stored`); the list as sent when the company's feature is off.
 */
export async function screenExposures(
  ctx: OperationContext,
  exposureFields: readonly SubField[],
  exposures: readonly unknown[],
  stored: readonly unknown[],
): Promise<unknown[]> {
  if (!anyScreening(exposureFields, exposures)) return [...exposures];
  const screener = await screenerOf(ctx);
  return screener ? screenItems(screener, exposureFields, exposures, stored) : [...exposures];
}

/**
 * Applies the OFAC rule to every `Object: OfacScreening` value on save, for companies whose
 * `ofacScreening` feature is on (interface, Entities: OFAC rule): `screenedAt` arbitration of the
 * response half, review decisions merged by match id, the record's own name copied into a blank
 * screening `name`. Covers the record's own fields and embedded exposures (each arbitrated against the
 * stored exposure at the same position). Nothing is screened and no outside service is called: the
 * platform only records what the caller sends. With the feature off, values are stored as sent
 * (shape-checked only). A screening cleared with `null` stays cleared.
 */
export const arbitrateOfacScreenings: WriteStep = async ({ ctx, recordType, data, existing }) => {
  const embeddedFields = recordType.embeddedExposureFields;
  const exposures = Array.isArray(data.exposures) ? data.exposures : [];
  const embedded = !!embeddedFields && anyScreening(embeddedFields, exposures);
  if (!screeningFields(recordType.fields, data).length && !embedded) return data;
  const screener = await screenerOf(ctx);
  if (!screener) return data;

  const ownNameField = recordType.kind === "entity" ? OWN_NAME_FIELD[recordType.type] : undefined;
  const out = screenValues(screener, recordType.fields, ownNameField, data, existing);
  if (!embeddedFields || !Array.isArray(out.exposures)) return out;
  const stored = Array.isArray(existing?.exposures) ? existing.exposures : [];
  return { ...out, exposures: screenItems(screener, embeddedFields, out.exposures, stored) };
};
