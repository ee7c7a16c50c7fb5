/** The password pair of the registrations (the person and company fields are in components/form). */
import { PASSWORD_FIELD_TEXT as P } from '../../texts/account-recovery';
import { CREDENTIAL_FIELD_TEXT } from '../../texts/sign-in';
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
