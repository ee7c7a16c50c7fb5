/** The password pair of the registrations (the person and company fields are in components/form). */
import { CREDENTIAL_FIELD_TEXT, PASSWORD_FIELD_TEXT as P } from '../../texts';
import { FormInputPassword } from '../../components/form';

export function PasswordFields() {
  return (
    <>
      <FormInputPassword
        name="password"
        label={CREDENTIAL_FIELD_TEXT.password}
        description={P.passwordHint}
        autoComplete="new-password"
        required
        span={6}
      />
      <FormInputPassword name="confirmPassword" label={P.confirmPassword} autoComplete="new-password" required span={6} />
    </>
  );
}
