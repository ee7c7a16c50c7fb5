/** The billing profile of a company: the kinds of bank account a carrier is paid into (issue 46). */
import { labelled } from './labelled';

/** 預金種目: the two kinds a company is paid into by 振込. */
export const BankAccountType = labelled(['ORDINARY', 'CHECKING'], {
  ORDINARY: '普通',
  CHECKING: '当座',
});
export type TBankAccountType = (typeof BankAccountType.values)[number];
