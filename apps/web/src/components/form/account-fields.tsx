/** Person, company and address fields: the registrations and the profile page share them. */
import { checkRegistrationNumber, registrationHolderOf } from '@logi/contract';
import { useWatch } from 'react-hook-form';
import { PROFILE_FIELD_TEXT as F } from '../../texts/sign-up';
import { FormInput } from './input';
import { FormPostalCode } from './postal-code';
import { FormTextArea } from './text-area';

export function PersonFields() {
  return (
    <>
      <FormInput name="lastName" label={F.lastName} span={6} autoComplete="family-name" />
      <FormInput name="firstName" label={F.firstName} span={6} autoComplete="given-name" />
      <FormInput name="lastNameKana" label={F.lastNameKana} span={6} />
      <FormInput name="firstNameKana" label={F.firstNameKana} span={6} />
      <FormInput
        name="phone"
        label={F.phone}
        description={F.phoneHint}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        span={6}
      />
    </>
  );
}

export function CompanyFields({ licenses = false }: { licenses?: boolean }) {
  return (
    <>
      {/* A new row whatever comes before (the person fields leave half a row), so that
          postal code, prefecture and city share one row. */}
      <FormInput
        name="companyName"
        label={F.companyName}
        required
        span={6}
        autoComplete="organization"
        className="md:col-start-1"
      />
      <FormInput name="companyNameKana" label={F.companyNameKana} required span={6} />
      <FormPostalCode name="postalCode" label={F.postalCode} required span={4} />
      <FormInput name="prefecture" label={F.prefecture} required span={4} />
      <FormInput name="city" label={F.city} required span={4} />
      <FormInput name="town" label={F.town} required span={6} />
      <FormInput name="block" label={F.block} required span={6} />
      <FormInput name="building" label={F.building} span={12} />
      <FormInput name="website" label={F.website} type="url" inputMode="url" span={6} />
      <RegistrationNumberInput />
      {licenses && (
        <>
          <FormInput name="generalFreightLicenseNumber" label={F.generalFreightLicenseNumber} span={6} />
          <FormInput name="lightFreightLicenseNumber" label={F.lightFreightLicenseNumber} span={6} />
        </>
      )}
      <FormTextArea name="note" label={F.note} span={12} />
    </>
  );
}

/**
 * The 登録番号 with what the contract's check says of it (decision 090): the schema refuses a
 * 法人's number that fails the check digit; a number the check cannot judge (the name shows no
 * 法人, so it may be an individual's) is kept, and a failed check digit is pointed out here.
 */
function RegistrationNumberInput() {
  const [companyName, value] = useWatch({ name: ['companyName', 'invoiceRegistrationNumber'] }) as [unknown, unknown];
  const number = typeof value === 'string' ? value.trim() : '';
  const check = number
    ? checkRegistrationNumber(number, registrationHolderOf(typeof companyName === 'string' ? companyName : ''))
    : null;
  const doubt = check?.accepted && check.checkDigit === 'INVALID' ? check.message : null;
  return (
    <FormInput
      name="invoiceRegistrationNumber"
      label={F.invoiceRegistrationNumber}
      description={doubt ?? F.invoiceRegistrationNumberHint}
      span={6}
    />
  );
}
