import { geocodeAddressFields } from "./address-geocoding";
import type { Enricher } from "./entity-writes";
import { startEventLifecycle } from "./event-lifecycle-enricher";
import { deriveEventName } from "./event-name-enricher";
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
