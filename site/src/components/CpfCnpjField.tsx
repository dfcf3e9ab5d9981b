import { maskCpfCnpj } from '../lib/input-masks.ts';
import { FormField, type FormFieldProps } from './FormField.tsx';

/** Props of {@link CpfCnpjField}: those of a {@link FormField}, less the ones it fixes. */
export interface CpfCnpjFieldProps
  extends Omit<FormFieldProps, 'label' | 'inputMode' | 'placeholder' | 'onChange'> {
  /** Receives the typed value, already masked. */
  onValue: (masked: string) => void;
}

/**
 * The "CPF ou CNPJ" input of the sign-up and profile forms, masked as the person types. A
 * text keyboard, capitals first: the alphanumeric CNPJ has letters.
 */
export function CpfCnpjField({ onValue, ...field }: CpfCnpjFieldProps) {
  return (
    <FormField
      label="CPF ou CNPJ"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      placeholder="000.000.000-00"
      onChange={(e) => onValue(maskCpfCnpj(e.target.value))}
      {...field}
    />
  );
}
