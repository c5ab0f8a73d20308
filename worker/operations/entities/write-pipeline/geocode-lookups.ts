import { CensusGeocoder, DEFAULT_GEOCODER_BASE_URL, DEFAULT_GEOCODER_TIMEOUT_MS } from "../../../clients/geocoder";
import { ENTERED_ADDRESS_MEMBERS, type EnteredAddress } from "../../../domain/addresses/address-v2";
import type { GeocodeOutcome } from "../../../domain/addresses/geocoding";
import type { Env } from "../../../env";
import { type Geocoder, PacedGeocoder } from "./paced-geocoder";

/** The geocoder one save asks, as the environment configures it, its lookups paced (`PacedGeocoder`). */
export function geocoderFor(env: Env): Geocoder {
  const timeout = Number(env.GEOCODER_TIMEOUT_MS);
  const census = new CensusGeocoder(
    env.GEOCODER_BASE_URL || DEFAULT_GEOCODER_BASE_URL,
    timeout > 0 ? timeout : DEFAULT_GEOCODER_TIMEOUT_MS,
    (input, init) => fetch(input, init),
  );
  return new PacedGeocoder(census);
}

/** A provider's answer for one entered address, and when it was asked. */
export interface LookedUp {
  outcome: GeocodeOutcome;
  requestedAt: string;
}

/** Turns a call may take for its geocoder lookups: the first two defer them, the last makes what it still needs. */
const LOOKUP_TURNS = 3;

/** Asks the geocoder about one entered address, stamped with when it was asked. */
export async function askGeocoder(geocoder: Geocoder, entered: EnteredAddress): Promise<LookedUp> {
  const requestedAt = new Date().toISOString();
  return { outcome: await geocoder.geocode(entered), requestedAt };
}

/** One key per entered address: equal exactly when `sameEnteredAddress` holds. */
export const enteredAddressKey = (entered: EnteredAddress) =>
  JSON.stringify(ENTERED_ADDRESS_MEMBERS.map((member) => entered[member] ?? null));

/**
 * Thrown by a write's geocoding step when the addresses it must look up are not known yet: the company object
 * ends the operation's turn (nothing is written before this step), looks them up, and runs it again.
 */
export class LookupsNeeded extends Error {
  constructor() {
    super("geocoder lookups are needed before this write can run");
  }
}

/**
 * The geocoder lookups of one call to the company object, made between its turns in the company's queue. A
 * lookup waits up to the geocoder's timeout (3 s), and a record may hold hundreds of addresses; made inside a
 * turn, it would hold every other write of the company (policy transactions, binds, money) behind it. So a run
 * that needs lookups notes them and ends (`LookupsNeeded`), they are looked up, once per distinct address,
 * outside the queue, and the operation runs again from its reads, finding them known. The last turn the object
 * allows (`LOOKUP_TURNS`) does not defer: it looks up what is still missing itself.
 */
export class GeocodeLookups {
  private readonly known = new Map<string, LookedUp>();
  private readonly needed = new Map<string, EnteredAddress>();
  private turns = 0;

  /** Counts the call's next turn; call it before each run of the operation. */
  beginTurn(): void {
    this.turns += 1;
  }

  /** Whether this turn notes what it needs instead of looking it up. */
  get deferring(): boolean {
    return this.turns < LOOKUP_TURNS;
  }

  /** The answer looked up for `entered` before this run; when deferring, notes it as needed if there is none. */
  take(entered: EnteredAddress): LookedUp | undefined {
    const key = enteredAddressKey(entered);
    const known = this.known.get(key);
    if (!known && this.deferring) this.needed.set(key, entered);
    return known;
  }

  /** Whether the run noted lookups it needs (it must end and run again). */
  get pending(): boolean {
    return this.needed.size > 0;
  }

  /** Looks up every noted address (each distinct one once) and keeps the answers for the next run. */
  async lookUpNeeded(geocoder: Geocoder): Promise<void> {
    const needed = [...this.needed];
    this.needed.clear();
    await Promise.all(
      needed.map(async ([key, entered]) => {
        this.known.set(key, await askGeocoder(geocoder, entered));
      }),
    );
  }
}
