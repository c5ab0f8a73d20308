import { geocodeAddressFields } from "./address-geocoding";
import { presentAddressFields } from "./address-presentation";
import { PRESENTERS } from "./entity-presenters";
import { ENRICHERS } from "./entity-writes";

// Address fields: AddressV2 values are geocoded on save and legacy rows read in the AddressV2 shape.
ENRICHERS.push(geocodeAddressFields);
PRESENTERS.push(presentAddressFields);
