import { LOCATION_REFUSAL_KINDS, type LocationRefusal } from '../../contracts/locations/refusals.js';
import { refuser } from '../core/errors.js';

/** How the locations' decisions refuse: a typed code and its values (contracts/locations/refusals.ts). */
export const refuse = refuser<LocationRefusal>(LOCATION_REFUSAL_KINDS);
