import { presentAddressFields } from "./address-presentation";
import type { Presenter } from "./entity-presenters";

/** Read-time views of stored values, in the order they run: AddressV2 fields shown in the V2 shape. */
export const PRESENTERS: readonly Presenter[] = [presentAddressFields];
