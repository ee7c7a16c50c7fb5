/** One choice of a select, radio or checkbox list. */
export interface FieldOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** The choices of a contract enumeration (values + Japanese labels), in the contract's order. */
export function enumOptions<V extends string>(enumeration: { values: readonly V[]; labels: Record<V, string> }): FieldOption[] {
  return enumeration.values.map((value) => ({ value, label: enumeration.labels[value] }));
}
