import { CATALOGUE_REFUSAL_KINDS, type CatalogueRefusal } from '../../contracts/catalogue/refusals.js';
import { refuser } from '../core/errors.js';

/** How the workshop's and the program's decisions refuse: a typed code and its values (contracts/catalogue/refusals.ts). */
export const refuse = refuser<CatalogueRefusal>(CATALOGUE_REFUSAL_KINDS);
