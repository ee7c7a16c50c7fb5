/** The optional selection deadline of both create forms (decision 065): a day and a time. */
import { REQUEST_CREATE_TEXT as T } from '../../../texts/request-create';
import { format } from 'date-fns';
import { FormDatePicker, FormTimePicker } from '../../../components/form';
import { FormSection } from './form-section';

export function SelectionDeadlineFields() {
  const today = format(new Date(), 'yyyy-MM-dd');
  return (
    <FormSection title={T.sections.selection} description={T.selection.hint}>
      <FormDatePicker name="selectionDate" label={T.selection.date} span={6} min={today} />
      <FormTimePicker name="selectionTime" label={T.selection.time} span={6} />
    </FormSection>
  );
}
