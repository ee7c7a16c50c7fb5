/** The form field kinds of spec §2, bound to react-hook-form and the contract's zod schemas. */
export { Form, useZodForm, useFormBusy, applyFieldErrors } from './form';
export { FormField, type BaseFieldProps, type FieldSpan } from './form-field';
export { enumOptions, type FieldOption } from './options';
export { FormInput, type FormInputProps } from './input';
export { FormInputPassword, type FormInputPasswordProps } from './input-password';
export { FormDatePicker, type FormDatePickerProps } from './date-picker';
export { FormTimePicker, type FormTimePickerProps } from './time-picker';
export { FormTimeRangePicker, type FormTimeRangePickerProps } from './time-range-picker';
export { FormTextArea, type FormTextAreaProps } from './text-area';
export { FormSelect, type FormSelectProps } from './select';
export { FormRadio, radioColumns, type FormRadioProps, type RadioColumns } from './radio';
export { FormSingleCheckbox, type FormSingleCheckboxProps } from './single-checkbox';
export { FormMultiCheckbox, type FormMultiCheckboxProps } from './multi-checkbox';
export { FormGroupCheckbox, type CheckboxGroup, type FormGroupCheckboxProps } from './group-checkbox';
export { FormInputFile, type FormInputFileProps, type UploadFiles } from './input-file';
export { FormPostalCode, postalLookupVia, type FormPostalCodeProps, type PostalLookup } from './postal-code';
export { DEFAULT_TIME_RANGE } from './time';
export { CompanyFields, PersonFields } from './account-fields';
