import { showToast } from '@plateia/core';
import { ApiError } from '@plateia/core/api/client';
import { ORGANISATION_CALL_FAILED, type OrganisationInput } from '@plateia/core/api/organisations';
import { type FormEvent, useState } from 'react';
import { CpfCnpjField } from '../../components/CpfCnpjField.tsx';
import { FormField } from '../../components/FormField.tsx';
import { maskCpfCnpj, maskPhone } from '../../lib/input-masks.ts';
import { fieldOfMessage, type OrganisationField } from '../../lib/producer-area.ts';

/** Props of {@link OrganisationForm}. */
export interface OrganisationFormProps {
  /** The form's heading. */
  title: string;
  /** The submit button's text. */
  submitLabel: string;
  /** The values to start from (editing); empty fields otherwise. */
  initial?: OrganisationInput;
  /** Sends the values; the API host checks them and answers its pt-BR message on a refusal. */
  onSubmit: (input: OrganisationInput) => Promise<void>;
  /** Empties the fields after a successful submit (creating another). */
  resetOnSuccess?: boolean;
}

const EMPTY: OrganisationInput = { name: '', document: '', contactEmail: '', contactPhone: '' };

/**
 * Name, CPF or CNPJ, contact e-mail and phone of an organisation. The API host validates
 * (the same core rules); its message shows under the field it is about, any other refusal
 * (an unconfirmed e-mail, the limit of organisations) as a toast.
 */
export function OrganisationForm({
  title,
  submitLabel,
  initial,
  onSubmit,
  resetOnSuccess,
}: OrganisationFormProps) {
  const [fields, setFields] = useState<OrganisationInput>(() =>
    initial ? { ...initial, document: initial.document ? maskCpfCnpj(initial.document) : '' } : EMPTY,
  );
  const [errors, setErrors] = useState<Partial<Record<OrganisationField, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (name: OrganisationField) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await onSubmit({
        name: fields.name.trim(),
        document: fields.document.trim(),
        contactEmail: fields.contactEmail.trim(),
        contactPhone: fields.contactPhone.trim(),
      });
      if (resetOnSuccess) setFields(EMPTY);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : ORGANISATION_CALL_FAILED;
      const field = fieldOfMessage(message);
      if (field) setErrors({ [field]: message });
      else showToast({ kind: 'error', message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card producer-org-form" noValidate onSubmit={submit} aria-busy={busy}>
      <h2>{title}</h2>
      <div className="form-grid">
        <FormField
          label="Nome da organização"
          name="name"
          autoComplete="organization"
          maxLength={120}
          value={fields.name}
          onChange={(e) => set('name')(e.target.value)}
          error={errors.name ?? null}
          wrapperClassName="span-2"
        />
        <CpfCnpjField
          name="document"
          maxLength={30}
          value={fields.document}
          onValue={set('document')}
          error={errors.document ?? null}
        />
        <FormField
          label="E-mail de contato"
          name="contactEmail"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={fields.contactEmail}
          onChange={(e) => set('contactEmail')(e.target.value)}
          error={errors.contactEmail ?? null}
        />
        <FormField
          label="Telefone com DDD"
          name="contactPhone"
          type="tel"
          autoComplete="tel"
          maxLength={30}
          value={fields.contactPhone}
          onChange={(e) => set('contactPhone')(maskPhone(e.target.value))}
          error={errors.contactPhone ?? null}
        />
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
