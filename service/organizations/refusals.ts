import { ORGANIZATION_REFUSAL_KINDS, type OrganizationRefusal } from '../../contracts/organizations/refusals.js';
import { refuser } from '../core/errors.js';

/** How the organizations slice's decisions refuse: a typed code and its values (contracts/organizations/refusals.ts). */
export const refuse = refuser<OrganizationRefusal>(ORGANIZATION_REFUSAL_KINDS);
