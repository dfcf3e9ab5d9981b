import { useStore } from '@nanostores/react';
import {
  $authState,
  $user,
  fetchMyData,
  fetchProfile,
  isValidCpfCnpj,
  normalizeDocumentNumber,
  type ProfileFields,
  showToast,
  type User,
  updateProfile,
} from '@plateia/core';
import { PROFILE_MESSAGES as M } from '@plateia/core/messages/profile';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CpfCnpjField } from '../components/CpfCnpjField.tsx';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { FormField } from '../components/FormField.tsx';
import { LoggedOutCard } from '../components/LoggedOutCard.tsx';
import {
  DOCUMENT_ACCEPT,
  type DocumentType,
  documentFileProblem,
  sendDocumentFile,
} from '../lib/document-file.ts';
import {
  BRAZILIAN_STATES,
  isCompleteCep,
  isCompletePhone,
  maskCep,
  maskCpfCnpj,
  maskPhone,
} from '../lib/input-masks.ts';

/** `/settings/perfil` ("Minha Conta"): the profile form and the documents' status. */
export default function ProfilePage() {
  return (
    <ErrorBoundary>
      <Profile />
    </ErrorBoundary>
  );
}

/** The editable fields of the profile payload (docs/accounts.md) (id and user are added by core). */
const FIELDS = [
  'namef',
  'namel',
  'cpfnpj',
  'phone',
  'nickname',
  'gender',
  'birth_date',
  'cep',
  'rua',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'uf',
  'instagram',
  'profession',
  'profession_details',
] as const satisfies readonly (keyof ProfileFields)[];

type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const GENDERS = ['Feminino', 'Masculino', 'Não binário', 'Outro', 'Prefiro não informar'];

function valuesOf(user: User): Values {
  const values = {} as Values;
  for (const field of FIELDS) {
    const raw = user[field];
    values[field] = typeof raw === 'string' ? raw : raw == null ? '' : String(raw);
  }
  values.cpfnpj = maskCpfCnpj(values.cpfnpj);
  values.phone = values.phone && /^\+/.test(values.phone) ? values.phone : maskPhone(values.phone);
  values.cep = maskCep(values.cep);
  return values;
}

function validate(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.namef.trim()) errors.namef = M.nameRequired;
  if (values.cpfnpj.trim() && !isValidCpfCnpj(values.cpfnpj)) errors.cpfnpj = M.cpfInvalid;
  if (values.phone.trim() && !values.phone.startsWith('+') && !isCompletePhone(values.phone)) {
    errors.phone = M.phoneInvalid;
  }
  if (values.cep.trim() && !isCompleteCep(values.cep)) errors.cep = M.cepInvalid;
  if (values.birth_date) {
    const date = new Date(`${values.birth_date}T12:00:00`);
    const year = date.getFullYear();
    if (Number.isNaN(date.getTime()) || date > new Date() || year < 1900)
      errors.birth_date = M.birthDateInvalid;
  }
  return errors;
}

function Profile() {
  const authState = useStore($authState);
  const user = useStore($user);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  if (!hydrated || authState === 'loading') return <ProfileSkeleton />;
  if (authState === 'loggedOut' || !user) {
    return (
      <LoggedOutCard iconPath="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z">
        Faça login para ver e editar seu perfil.
      </LoggedOutCard>
    );
  }
  // Keyed by account so a login as someone else in another tab never mixes two profiles.
  return <ProfileForm key={user.id} user={user} />;
}

function ProfileSkeleton() {
  return (
    <div className="card profile-skeleton" aria-busy="true">
      <span className="visually-hidden">Carregando seu perfil…</span>
      {[0, 1, 2, 3, 4, 5].map((row) => (
        <div key={row} className="skeleton-row">
          <span className="skeleton" style={{ width: '30%', height: 14 }} />
          <span className="skeleton" style={{ width: '100%', height: 44, borderRadius: 8 }} />
        </div>
      ))}
    </div>
  );
}

function ProfileForm({ user }: { user: User }) {
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  // Fields the person has typed in: a late server refresh must never overwrite them.
  const edited = useRef(new Set<Field>());

  useEffect(() => {
    // The stored record may be older than the server's (edited on another device).
    fetchProfile().then(
      (fresh) =>
        setValues((current) => {
          const next = valuesOf(fresh);
          for (const field of edited.current) next[field] = current[field];
          return next;
        }),
      () => {
        // The stored record still lets the person edit; a failed refresh is not worth a message.
      },
    );
  }, []);

  const set = (field: Field, value: string) => {
    edited.current.add(field);
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found = validate(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      const form = event.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    try {
      const fields: ProfileFields = {};
      for (const field of FIELDS) fields[field] = values[field].trim();
      fields.cpfnpj = normalizeDocumentNumber(values.cpfnpj);
      fields.cep = values.cep.replace(/\D/g, '');
      fields.instagram = values.instagram.trim().replace(/^@/, '');
      await updateProfile(fields);
      showToast({ kind: 'success', message: M.saved });
    } catch (error) {
      const message = error instanceof Error ? error.message : M.saveFailed;
      setFormError(message);
      showToast({ kind: 'error', message });
    } finally {
      setSaving(false);
    }
  };

  const text = (field: Field, label: string, extra: Partial<Parameters<typeof FormField>[0]> = {}) => (
    <FormField
      label={label}
      name={field}
      value={values[field]}
      onChange={(e) => set(field, e.target.value)}
      error={errors[field]}
      {...extra}
    />
  );

  return (
    <div className="profile-layout">
      <form className="card profile-form" noValidate onSubmit={onSubmit} aria-busy={saving}>
        <fieldset className="fieldset">
          <legend>Dados pessoais</legend>
          <div className="form-grid">
            {text('namef', 'Nome', { autoComplete: 'given-name', maxLength: 100, required: true })}
            {text('namel', 'Sobrenome', { autoComplete: 'family-name', maxLength: 100 })}
            <FormField
              label="E-mail"
              name="user"
              value={user.user}
              readOnly
              hint="Para trocar o e-mail da conta, fale com o suporte."
              wrapperClassName="span-2"
            />
            {text('nickname', 'Apelido', { maxLength: 60 })}
            <SelectField
              label="Gênero"
              name="gender"
              value={values.gender}
              onChange={(value) => set('gender', value)}
            >
              <option value="">Selecione</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {gender}
                </option>
              ))}
              {values.gender && !GENDERS.includes(values.gender) && (
                <option value={values.gender}>{values.gender}</option>
              )}
            </SelectField>
            {text('birth_date', 'Data de nascimento', {
              type: 'date',
              autoComplete: 'bday',
              max: new Date().toISOString().slice(0, 10),
              min: '1900-01-01',
            })}
            <CpfCnpjField
              name="cpfnpj"
              value={values.cpfnpj}
              onValue={(value) => set('cpfnpj', value)}
              error={errors.cpfnpj}
            />
            <FormField
              label="Telefone"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(11) 98765-4321"
              value={values.phone}
              onChange={(e) =>
                set('phone', e.target.value.startsWith('+') ? e.target.value : maskPhone(e.target.value))
              }
              error={errors.phone}
              maxLength={30}
            />
            {text('instagram', 'Instagram', { placeholder: '@seuperfil', maxLength: 60 })}
          </div>
        </fieldset>

        <fieldset className="fieldset">
          <legend>Endereço</legend>
          <div className="form-grid">
            <FormField
              label="CEP"
              name="cep"
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="00000-000"
              value={values.cep}
              onChange={(e) => set('cep', maskCep(e.target.value))}
              error={errors.cep}
            />
            {text('rua', 'Rua', { autoComplete: 'address-line1', maxLength: 200 })}
            {text('numero', 'Número', { maxLength: 20 })}
            {text('complemento', 'Complemento', { autoComplete: 'address-line2', maxLength: 100 })}
            {text('bairro', 'Bairro', { maxLength: 100 })}
            {text('cidade', 'Cidade', { autoComplete: 'address-level2', maxLength: 100 })}
            <SelectField label="UF" name="uf" value={values.uf} onChange={(value) => set('uf', value)}>
              <option value="">Selecione</option>
              {BRAZILIAN_STATES.map((uf) => (
                <option key={uf} value={uf}>
                  {uf}
                </option>
              ))}
            </SelectField>
          </div>
        </fieldset>

        <fieldset className="fieldset">
          <legend>Profissão</legend>
          <div className="form-grid">
            {text('profession', 'Profissão', { autoComplete: 'organization-title', maxLength: 100 })}
            <div className="field span-2">
              <label htmlFor="profession_details">Detalhes da profissão</label>
              <textarea
                id="profession_details"
                name="profession_details"
                className="input textarea"
                rows={3}
                maxLength={500}
                value={values.profession_details}
                onChange={(e) => set('profession_details', e.target.value)}
              />
            </div>
          </div>
        </fieldset>

        {formError && (
          <p className="alert alert-error" role="alert">
            {formError}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar alterações'}
          </button>
        </div>
      </form>

      <DocumentsCard user={user} />
      <MyDataCard />
    </div>
  );
}

function SelectField({
  label,
  name,
  value,
  onChange,
  children,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}

const DOCUMENTS = [
  { type: 'document', label: 'Documento de identidade' },
  { type: 'address_proof', label: 'Comprovante de residência' },
] as const;

function hasDocument(user: User, type: DocumentType): boolean {
  const paths = type === 'document' ? [user.document] : [user.address_proof, user.addressProof];
  return paths.some((path) => typeof path === 'string' && path.length > 0);
}

function DocumentsCard({ user }: { user: User }) {
  return (
    <section className="card documents-card" aria-labelledby="documents-title">
      <h2 id="documents-title">Documentos</h2>
      <p className="muted">
        PDF, JPG ou PNG de até 5 MB. Usamos seus documentos só para confirmar sua identidade.
      </p>
      <ul className="documents-list">
        {DOCUMENTS.map((doc) => (
          <DocumentRow key={doc.type} user={user} type={doc.type} label={doc.label} />
        ))}
      </ul>
    </section>
  );
}

/** "Baixar meus dados": the whole export as a file, saved by the browser. */
function MyDataCard() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const text = await fetchMyData();
      const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `plateia-meus-dados-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      showToast({ kind: 'error', message: error instanceof Error ? error.message : M.dataFailed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card documents-card" aria-labelledby="my-data-title">
      <h2 id="my-data-title">{M.dataTitle}</h2>
      <p className="muted">{M.dataText}</p>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void download()}>
        {busy ? M.dataBusy : M.dataButton}
      </button>
    </section>
  );
}

function DocumentRow({ user, type, label }: { user: User; type: DocumentType; label: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const sent = hasDocument(user, type);
  const inputId = useId();

  const send = async () => {
    if (!file) return;
    const problem = documentFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setSending(true);
    setError(null);
    try {
      await sendDocumentFile(user.id, type, file);
      showToast({ kind: 'success', message: M.documentSent });
      setFile(null);
      setInputKey((key) => key + 1);
      await fetchProfile().catch(() => undefined);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : M.documentFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <li className="document-row">
      <div className="document-head">
        <strong>{label}</strong>
        <span className={`badge ${sent ? 'badge-success' : 'badge-pending'}`}>
          {sent ? 'Enviado' : 'Pendente'}
        </span>
      </div>
      <div className="field">
        <label htmlFor={inputId}>
          {sent ? `Substituir ${label.toLowerCase()}` : `Enviar ${label.toLowerCase()}`}
        </label>
        <input
          key={inputKey}
          id={inputId}
          type="file"
          className="input"
          accept={DOCUMENT_ACCEPT}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setFile(chosen);
            setError(chosen ? documentFileProblem(chosen) : null);
          }}
        />
        {error && <span className="error">{error}</span>}
      </div>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={!file || sending || Boolean(error)}
        onClick={send}
      >
        {sending ? 'Enviando...' : 'Enviar documento'}
      </button>
    </li>
  );
}
