import type { Decider } from '../../platform/command/decider.js';
import type {
  OrganizationEvent,
  OrganizationInput,
  OrganizationRecord,
} from '../../contracts/organizations/organization.js';
import { refuse } from './refusals.js';

export type OrganizationCommand =
  | {
      type: 'RegisterOrganization';
      organizationId: string;
      input: OrganizationInput;
      source: 'office' | 'self-serve';
      at: string;
    }
  | { type: 'UpdateOrganization'; input: OrganizationInput; at: string };

export type OrganizationState =
  | { status: 'none' }
  | { status: 'registered'; organizationId: string; record: OrganizationRecord; registeredAt: string };

const recordOf = (input: OrganizationInput): OrganizationRecord => ({
  name: input.name,
  contactName: input.contactName,
  contactEmail: input.contactEmail,
  contactPhone: input.contactPhone,
  billingAddress: { ...input.billingAddress, line2: input.billingAddress.line2 ?? '' },
  taxId: input.taxId,
});

const same = (a: OrganizationRecord, b: OrganizationRecord) => JSON.stringify(a) === JSON.stringify(b);

/** One organization (`organization-<id>`): registered once, its details replaced whole by an update. */
export const organizationDecider: Decider<OrganizationCommand, OrganizationEvent, OrganizationState> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    const { organizationId, ...rest } = event.data;
    const record: OrganizationRecord = {
      name: rest.name,
      contactName: rest.contactName,
      contactEmail: rest.contactEmail,
      contactPhone: rest.contactPhone,
      billingAddress: rest.billingAddress,
      taxId: rest.taxId,
    };
    if (event.type === 'OrganizationRegistered')
      return { status: 'registered', organizationId, record, registeredAt: event.data.registeredAt };
    return state.status === 'registered' ? { ...state, record } : state;
  },
  decide(command, state) {
    if (command.type === 'RegisterOrganization') {
      if (state.status !== 'none') throw refuse({ code: 'organization_exists' });
      return [
        {
          type: 'OrganizationRegistered',
          data: {
            organizationId: command.organizationId,
            ...recordOf(command.input),
            source: command.source,
            registeredAt: command.at,
          },
        },
      ];
    }
    if (state.status !== 'registered') throw refuse({ code: 'organization_unknown' });
    const record = recordOf(command.input);
    if (same(record, state.record)) return [];
    return [
      { type: 'OrganizationUpdated', data: { organizationId: state.organizationId, ...record, updatedAt: command.at } },
    ];
  },
};
