import type { ProgramCertificateEvent, ProgramCertificateSet } from '../../contracts/certificates/events.js';
import type { Decider } from '../../platform/command/decider.js';

/** A program's certificate as last set, or none. */
export type ProgramCertificateState = { certificate: ProgramCertificateSet | null };
export type ProgramCertificateCommand = { type: 'SetProgramCertificate'; certificate: ProgramCertificateSet };

const same = (a: ProgramCertificateSet, b: ProgramCertificateSet) =>
  a.title === b.title &&
  a.wording === b.wording &&
  a.signerName === b.signerName &&
  a.minSessionsPresent === b.minSessionsPresent;

/** `program-certificate-<programId>`: the certificate set again only when it changes. */
export const programCertificateDecider: Decider<
  ProgramCertificateCommand,
  ProgramCertificateEvent,
  ProgramCertificateState
> = {
  initialState: { certificate: null },
  evolve: (_state, event) => ({ certificate: event.data }),
  decide: ({ certificate }, state) =>
    state.certificate && same(state.certificate, certificate)
      ? []
      : [{ type: 'ProgramCertificateSet', data: certificate }],
};
