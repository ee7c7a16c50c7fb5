/** /shipping-requests/filter: every filter of the market list as a form; submitting opens the results. */
import { PriceType, RequestType, SearchQuickFilter, TransportType, VehicleType } from '@logi/contract';
import { SEARCH_TEXT } from '../../../texts/request-items';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Form, FormDatePicker, FormInput, FormMultiCheckbox, FormRadio, enumOptions, useZodForm } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import { PagePanel } from '../../../components/ui/page-panel';
import { ZFilterForm, appliesTo, filtersFromForm, formFromFilters } from './filter-form';
import { LocationRows } from './location-rows';
import { filtersOf, queryFromSearchParams, resultsPath } from './search-params';

const REQUEST_TYPE_OPTIONS = [{ value: 'ALL', label: SEARCH_TEXT.any }, ...enumOptions(RequestType)];
const QUICK_OPTIONS = enumOptions(SearchQuickFilter);

export function FilterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useZodForm(ZFilterForm, { defaultValues: formFromFilters(filtersOf(queryFromSearchParams(params))) });
  // The form adapts to the chosen type: only the filters that can match it are shown.
  const only = appliesTo(form.watch('requestType'));
  const quickOptions = only.warehouse ? QUICK_OPTIONS : QUICK_OPTIONS.filter((o) => o.value !== 'WAREHOUSE');

  return (
    <PagePanel title={SEARCH_TEXT.filterTitle} description={SEARCH_TEXT.filterDescription} width="wide">
      <Form
        form={form}
        aria-label={SEARCH_TEXT.filterTitle}
        onSubmit={(values) => navigate(resultsPath(filtersFromForm(values)))}
      >
        <FormInput name="keyword" type="search" label={SEARCH_TEXT.keyword} placeholder={SEARCH_TEXT.keywordPlaceholder} />
        <FormRadio name="requestType" label={SEARCH_TEXT.requestType} options={REQUEST_TYPE_OPTIONS} span={6} />
        <FormMultiCheckbox name="quick" label={SEARCH_TEXT.quick} options={quickOptions} span={6} />
        <FormMultiCheckbox name="vehicleType" label={SEARCH_TEXT.vehicleType} options={enumOptions(VehicleType)} />
        {only.delivery && (
          <FormMultiCheckbox
            name="transportType"
            label={SEARCH_TEXT.transportType}
            description={SEARCH_TEXT.transportTypeHint}
            options={enumOptions(TransportType)}
            span={6}
          />
        )}
        <FormMultiCheckbox name="priceType" label={SEARCH_TEXT.priceType} options={enumOptions(PriceType)} span={6} />
        <FormDatePicker name="startDate" label={SEARCH_TEXT.startDate} span={6} />
        <FormDatePicker name="endDate" label={SEARCH_TEXT.endDate} span={6} />
        {only.delivery && (
          <>
            <LocationRows name="pickupLocation" label={SEARCH_TEXT.pickupLocation} />
            <LocationRows name="sendLocation" label={SEARCH_TEXT.sendLocation} />
          </>
        )}
        {only.warehouse && <LocationRows name="warehouseLocation" label={SEARCH_TEXT.warehouseLocation} />}
        <div className="col-span-12 flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
          <Button asChild variant="ghost">
            <Link to="/shipping-requests/filter" onClick={() => form.reset(formFromFilters({}))}>
              {SEARCH_TEXT.reset}
            </Link>
          </Button>
          <Button type="submit" size="lg">
            {SEARCH_TEXT.submit}
          </Button>
        </div>
      </Form>
    </PagePanel>
  );
}
