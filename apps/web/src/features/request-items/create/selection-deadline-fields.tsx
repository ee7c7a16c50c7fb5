/** The optional selection deadline of both create forms (decision 065): a day and a time; and 「認証済みの運送会社のみ」 (decision 104). */
import { REQUEST_CREATE_TEXT as T } from '../../../texts/request-create';
import { FormDatePicker, FormSingleCheckbox, FormTimePicker } from '../../../components/form';
import { todayInJapan } from '../../../lib/format';
import { CARRIER_VERIFICATION_TEXT as V } from '../../../texts/carrier-verification';
import { FormSection } from './form-section';

export function SelectionDeadlineFields() {
  const today = todayInJapan();
  return (
    <FormSection title={T.sections.selection} description={T.selection.hint}>
      <FormDatePicker name="selectionDate" label={T.selection.date} span={6} min={today} />
      <FormTimePicker name="selectionTime" label={T.selection.time} span={6} />
      {/* Who may apply (decision 104): only carriers whose documents the admin confirmed. */}
      <FormSingleCheckbox name="verifiedCarriersOnly" text={V.verifiedOnly} description={V.verifiedOnlyHint} span={12} />
    </FormSection>
  );
}
