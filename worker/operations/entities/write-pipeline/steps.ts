import { deriveEventName } from "../../events/derive-event-name";
import { startEventLifecycle } from "../../events/start-event-lifecycle";
import type { Enricher } from "../record-writes";
import { geocodeAddressFields } from "./address-geocoding";
import { arbitrateOfacScreenings } from "./ofac-screening";

/**
 * Steps run after a write is validated and before it is stored, in this order: an event's opening
 * history, geocoding of AddressV2 values, OFAC screening arbitration, and last the event name, which
 * derives from the values the earlier steps settled. Enrichers never refuse a write.
 */
export const ENRICHERS: readonly Enricher[] = [
  startEventLifecycle,
  geocodeAddressFields,
  arbitrateOfacScreenings,
  deriveEventName,
];
