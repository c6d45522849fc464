import { describe, it } from 'vitest';
import { organizationDecider } from '../../../service/organizations/organization-decider.js';
import type { OrganizationEvent, OrganizationInput } from '../../../contracts/organizations/organization.js';
import { deciderSpec } from '../../support/decider.js';

const given = deciderSpec(organizationDecider);

const input: OrganizationInput = {
  name: 'Acme Corp',
  contactName: 'Dana Reyes',
  contactEmail: 'dana@acme.example',
  contactPhone: '',
  billingAddress: { line1: '1 Main St', line2: '', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
  taxId: '12-3456789',
};
const registered: OrganizationEvent = {
  type: 'OrganizationRegistered',
  data: { organizationId: 'acme', ...input, source: 'office', registeredAt: '2025-05-01T12:00:00Z' },
};

describe('organization decider', () => {
  it('given nothing, when the office registers an organization, then it is registered with its contact', () => {
    given([])
      .when({
        type: 'RegisterOrganization',
        organizationId: 'acme',
        input,
        source: 'office',
        at: '2025-05-01T12:00:00Z',
      })
      .then([registered]);
  });

  it('given a registered organization, when it is registered again, then it is refused', () => {
    given([registered])
      .when({
        type: 'RegisterOrganization',
        organizationId: 'acme',
        input,
        source: 'office',
        at: '2025-05-01T12:00:00Z',
      })
      .thenThrows({ code: 'conflict', refusal: { code: 'organization_exists' } });
  });

  it('given a registered organization, when its contact changes, then it is updated; the same details change nothing', () => {
    const update = { ...input, contactName: 'Lee Park', contactEmail: 'lee@acme.example' };
    given([registered])
      .when({ type: 'UpdateOrganization', input: update, at: '2025-05-02T12:00:00Z' })
      .then([
        {
          type: 'OrganizationUpdated',
          data: { organizationId: 'acme', ...update, updatedAt: '2025-05-02T12:00:00Z' },
        },
      ]);
    given([registered]).when({ type: 'UpdateOrganization', input, at: '2025-05-02T12:00:00Z' }).then([]);
  });

  it('given nothing, when an organization is updated, then it is unknown', () => {
    given([])
      .when({ type: 'UpdateOrganization', input, at: '2025-05-02T12:00:00Z' })
      .thenThrows({ code: 'not_found', refusal: { code: 'organization_unknown' } });
  });
});
