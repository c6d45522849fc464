import { CERTIFICATE_REFUSAL_KINDS, type CertificateRefusal } from '../../contracts/certificates/refusals.js';
import { refuser } from '../core/errors.js';

/** How the certificates' decisions refuse: a typed code and its values (contracts/certificates/refusals.ts). */
export const refuse = refuser<CertificateRefusal>(CERTIFICATE_REFUSAL_KINDS);
