import { isRecord } from "../../lib/json";
import type { ValueProblem } from "../entities/field-values";

/**
 * A policy's embedded exposures may carry `id`: the id of the company's exposure they copy, from which the
 * primary insured's id is taken (CONTRACT section 4; interface: `primaryInsuredId` derived from the
 * exposures). It is not an exposure field, so it is set aside while the exposure fields are read and put
 * back after; the operation checks that it names an exposure of the company.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ExposureIds {
  /** The list without its `id` members (anything but a list passes through). */
  exposures: unknown;
  /** Each item's id (lowercase), by position. */
  ids: Array<string | undefined>;
  problems: ValueProblem[];
}

export function setAsideExposureIds(value: unknown): ExposureIds {
  if (!Array.isArray(value)) return { exposures: value, ids: [], problems: [] };
  const ids: Array<string | undefined> = [];
  const problems: ValueProblem[] = [];
  const exposures = value.map((item, index) => {
    if (!isRecord(item) || !("id" in item)) {
      ids.push(undefined);
      return item;
    }
    const { id, ...fields } = item;
    if (typeof id === "string" && UUID.test(id)) ids.push(id.toLowerCase());
    else {
      ids.push(undefined);
      problems.push({ path: `exposures[${index}].id`, problem: "must be the id of an exposure of the company" });
    }
    return fields;
  });
  return { exposures, ids, problems };
}

/** The read exposures with their ids back in place (first member, as an id reads). */
export function withExposureIds(
  exposures: ReadonlyArray<Record<string, unknown>>,
  ids: ReadonlyArray<string | undefined>,
): Array<Record<string, unknown>> {
  return exposures.map((exposure, i) => {
    const id = ids[i];
    return id === undefined ? exposure : { id, ...exposure };
  });
}

/** The ids an embedded exposure list names, with their positions. */
export function exposureIdsOf(value: unknown): Array<{ index: number; id: string }> {
  const { ids } = setAsideExposureIds(value);
  return ids.flatMap((id, index) => (id === undefined ? [] : [{ index, id }]));
}
