import type { EnteredAddress } from "../../../domain/addresses/address-v2";
import type { GeocodeOutcome } from "../../../domain/addresses/geocoding";

/** What answers one lookup (the Census client, or a test's stand-in). */
export interface Geocoder {
  geocode(address: EnteredAddress): Promise<GeocodeOutcome>;
}

/** Lookups a save has open at once: a Worker invocation keeps at most six outbound connections open. */
export const GEOCODER_CONNECTIONS = 6;

/** Lookups in a row the provider leaves unanswered (timeout, network, 429, 5xx) before a save stops asking. */
export const OUTAGE_AFTER = 6;

/**
 * One save's lookups, paced. At most GEOCODER_CONNECTIONS are open at once, and each lookup's timeout starts
 * when it is sent, not when it is queued: started all at once, the runtime would queue all but six, and their
 * timeouts would run out in the queue, recording a geocoder that answers every lookup as `failed`. After a lookup
 * goes unanswered (timeout, network, 429, 5xx), no other is sent until those open have ended, then one at a time
 * until one is answered; once OUTAGE_AFTER in a row went unanswered, the rest of the save is recorded `failed`
 * without asking. So an outage costs a save about one timeout, not one for every six addresses (geocoding never
 * gates a write).
 */
export class PacedGeocoder implements Geocoder {
  private open = 0;
  private readonly waiting: Array<() => void> = [];
  private unansweredInRow = 0;

  constructor(private readonly geocoder: Geocoder) {}

  async geocode(address: EnteredAddress): Promise<GeocodeOutcome> {
    await new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.pump();
    });
    try {
      if (this.outage)
        return {
          status: "failed",
          reason: `not asked: the provider left ${this.unansweredInRow} lookups of this save unanswered`,
          transient: true,
        };
      const outcome = await this.geocoder.geocode(address);
      this.unansweredInRow = outcome.status === "failed" && outcome.transient ? this.unansweredInRow + 1 : 0;
      return outcome;
    } finally {
      this.open -= 1;
      this.pump();
    }
  }

  private get outage(): boolean {
    return this.unansweredInRow >= OUTAGE_AFTER;
  }

  /** How many lookups may be open now: six, or one while the provider is not answering. */
  private get limit(): number {
    return this.unansweredInRow > 0 ? 1 : GEOCODER_CONNECTIONS;
  }

  /** Lets waiting lookups go, oldest first, while the limit allows. */
  private pump(): void {
    while (this.waiting.length > 0 && this.open < this.limit) {
      this.open += 1;
      this.waiting.shift()?.();
    }
  }
}
