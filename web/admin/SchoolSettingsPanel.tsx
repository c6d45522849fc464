import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PricingSettings } from '../../contracts/pricing/settings.js';
import { Button } from '../components/Button.js';
import { NumberField } from '../components/NumberField.js';
import { Spinner } from '../components/Spinner.js';
import { toast } from '../components/Toast.js';
import { apiErrorIssues, apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn } from './adminApi.js';
import { useSaveSchoolSettings } from './pricingWrites.js';

/** Settings: the sibling discount, off by default; recorded as an event, so the history says who changed it. */
export function SchoolSettingsPanel() {
  const settings = useQuery({
    queryKey: queryKeys.adminSettings(),
    queryFn: adminQueryFn as () => Promise<PricingSettings>,
  });
  const save = useSaveSchoolSettings();
  const [percent, setPercent] = useState(Number.NaN);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (settings.data) setPercent(settings.data.siblingDiscountPercent);
  }, [settings.data]);

  return (
    <section aria-labelledby="school-settings-heading" className="catalogue-panel">
      <h2 id="school-settings-heading" className="admin-section-title">
        Sibling discount
      </h2>
      <p className="administrators__intro">
        The second and later children of one enrollment get this much off their place, shown as a line of its own on the
        order. 0 turns it off.
      </p>
      {settings.isPending && <Spinner label="Loading the settings…" showLabel />}
      {settings.data && (
        <form
          className="school-settings"
          onSubmit={(e) => {
            e.preventDefault();
            setError(undefined);
            save.mutate(
              { siblingDiscountPercent: Number.isNaN(percent) ? 0 : percent },
              {
                onSuccess: (done) =>
                  toast({
                    title: 'Settings saved',
                    description:
                      done.siblingDiscountPercent === 0
                        ? 'No sibling discount.'
                        : `Siblings get ${done.siblingDiscountPercent}% off.`,
                  }),
                onError: (err) =>
                  setError(apiErrorIssues(err).siblingDiscountPercent ?? apiErrorText(err) ?? 'Not saved.'),
              },
            );
          }}
        >
          <NumberField
            label="Sibling discount (%)"
            name="siblingDiscountPercent"
            value={percent}
            onChange={setPercent}
            minValue={0}
            maxValue={90}
            step={1}
            errorMessage={error}
          />
          <Button type="submit" isPending={save.isPending}>
            Save
          </Button>
        </form>
      )}
    </section>
  );
}
