import type { Decider } from '../../platform/command/decider.js';
import type { PricingSettings, SchoolSettingsEvent } from '../../contracts/pricing/settings.js';
import { DEFAULT_PRICING_SETTINGS } from '../../contracts/pricing/settings.js';

export type SchoolSettingsCommand = { type: 'ChangeSchoolSettings'; siblingDiscountPercent: number; at: string };

/** The school's pricing settings (stream `school-settings`): a change is recorded; the same value again records nothing. */
export const schoolSettingsDecider: Decider<SchoolSettingsCommand, SchoolSettingsEvent, PricingSettings> = {
  initialState: DEFAULT_PRICING_SETTINGS,
  evolve: (_state, event) => ({ siblingDiscountPercent: event.data.siblingDiscountPercent }),
  decide(command, state) {
    if (command.siblingDiscountPercent === state.siblingDiscountPercent) return [];
    return [
      {
        type: 'SchoolSettingsChanged',
        data: {
          siblingDiscountPercent: command.siblingDiscountPercent,
          previousSiblingDiscountPercent: state.siblingDiscountPercent,
          changedAt: command.at,
        },
      },
    ];
  },
};
