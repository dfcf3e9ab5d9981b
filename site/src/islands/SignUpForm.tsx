import { isValidCpfCnpj, isValidEmail, normalizeDocumentNumber, signUp } from '@plateia/core';
import { SIGN_UP_MESSAGES as M } from '@plateia/core/messages/accounts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@plateia/core/rules/password';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { CpfCnpjField } from '../components/CpfCnpjField.tsx';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { FormField } from '../components/FormField.tsx';
import {
  DOCUMENT_ACCEPT,
  type DocumentType,
  documentFileProblem,
  sendDocumentFile,
} from '../lib/document-file.ts';
import { isCompletePhone, maskPhone } from '../lib/input-masks.ts';
import { openLoginDialog } from '../lib/login-dialog.ts';
import { emailFromSearch } from '../lib/shared-payments.ts';

/** `/cadastro`: the sign-up form, document uploads, then the "confirme seu e-mail" state. */
export default function SignUpForm() {
  return (
    <ErrorBoundary>
      <SignUp />
    </ErrorBoundary>
  );
}

interface Values {
  namef: string;
  namel: string;
  user: string;
  phone: string;
  country: string;
  cpfnpj: string;
  passport: string;
  pw: string;
  pwConfirm: string;
  terms: boolean;
}

type Errors = Partial<Record<keyof Values | DocumentType, string>>;

const INITIAL: Values = {
  namef: '',
  namel: '',
  user: '',
  phone: '',
  country: 'Brasil',
  cpfnpj: '',
  passport: '',
  pw: '',
  pwConfirm: '',
  terms: false,
};

function isBrazil(country: string): boolean {
  return country.trim().toLowerCase() === 'brasil' || country.trim().toLowerCase() === 'brazil';
}

function validate(values: Values, files: Partial<Record<DocumentType, File>>): Errors {
  const errors: Errors = {};
  if (!values.namef.trim()) errors.namef = M.nameRequired;
  if (!values.namel.trim()) errors.namel = M.lastNameRequired;
  if (!values.user.trim()) errors.user = M.emailRequired;
  else if (!isValidEmail(values.user.trim())) errors.user = M.emailInvalid;
  if (!values.phone.trim()) errors.phone = M.phoneRequired;
  else if (isBrazil(values.country) && !isCompletePhone(values.phone)) errors.phone = M.phoneInvalid;
  if (!values.country.trim()) errors.country = M.countryRequired;
  if (isBrazil(values.country)) {
    if (!values.cpfnpj.trim()) errors.cpfnpj = M.cpfRequired;
    else if (!isValidCpfCnpj(values.cpfnpj)) errors.cpfnpj = M.cpfInvalid;
  } else if (!values.passport.trim()) {
    errors.passport = M.passportRequired;
  }
  if (values.pw.length < MIN_PASSWORD_LENGTH) errors.pw = M.passwordShort;
  if (values.pwConfirm !== values.pw) errors.pwConfirm = M.passwordMismatch;
  if (!values.terms) errors.terms = M.termsRequired;
  for (const type of ['document', 'address_proof'] as const) {
    const file = files[type];
    const problem = file ? documentFileProblem(file) : null;
    if (problem) errors[type] = problem;
  }
  return errors;
}

/** What a finished sign-up tells the customer: the e-mail to confirm and the documents not sent. */
interface Done {
  email: string;
  failedUploads: string[];
}

/**
 * The sign-up's state and actions: the typed values (the e-mail prefilled from a shared
 * payment's link), the chosen documents, the errors by field, and the submit, which checks
 * everything, creates the account through core, then sends each document (a failed upload
 * does not undo the account: the done state names it).
 */
function useSignUp() {
  const [values, setValues] = useState<Values>(INITIAL);
  const [files, setFiles] = useState<Partial<Record<DocumentType, File>>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // A shared payment's page links here with the share's e-mail, whose account receives the ticket.
  useEffect(() => {
    const email = emailFromSearch(window.location.search);
    if (email) setValues((current) => (current.user ? current : { ...current, user: email }));
  }, []);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const chooseFile = (type: DocumentType, file: File | undefined) => {
    setFiles((current) => ({ ...current, [type]: file }));
    setErrors((current) => ({
      ...current,
      [type]: file ? (documentFileProblem(file) ?? undefined) : undefined,
    }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found = validate(values, files);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      // Send keyboard and screen-reader users to the first field that needs attention.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setSubmitting(true);
    try {
      const brazil = isBrazil(values.country);
      const { id } = await signUp({
        user: values.user.trim(),
        namef: values.namef.trim(),
        namel: values.namel.trim(),
        pw: values.pw,
        phone: values.phone.trim(),
        country: values.country.trim(),
        cpfnpj: brazil ? normalizeDocumentNumber(values.cpfnpj) : '',
        passport: brazil ? '' : values.passport.trim(),
      });
      const failedUploads: string[] = [];
      for (const type of ['document', 'address_proof'] as const) {
        const file = files[type];
        if (!file) continue;
        try {
          await sendDocumentFile(id, type, file);
        } catch {
          failedUploads.push(type === 'document' ? M.documentLabel : M.addressProofLabel);
        }
      }
      setDone({ email: values.user.trim(), failedUploads });
      window.scrollTo({ top: 0 });
    } catch (error) {
      setFormError(error instanceof Error ? error.message : M.genericFailure);
    } finally {
      setSubmitting(false);
    }
  };

  return { values, errors, submitting, formError, done, formRef, set, chooseFile, onSubmit };
}

/** After the sign-up: "Confirme seu e-mail", and which documents could not be sent. */
function SignUpDone({ done }: { done: Done }): ReactNode {
  return (
    <div className="card status-card confirm-email" aria-live="polite">
      <svg className="status-icon" width="56" height="56" viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm0 4-8 5-8-5V6l8 5 8-5v2Z"
        />
      </svg>
      <h2>Confirme seu e-mail</h2>
      <p>
        Enviamos um link de confirmação para <strong>{done.email}</strong>. Abra o e-mail e clique no link
        para ativar sua conta antes de fazer login.
      </p>
      <p className="muted">Não encontrou? Procure também nas pastas de spam e promoções.</p>
      {done.failedUploads.length > 0 && (
        <p className="alert alert-error">
          Sua conta foi criada, mas não conseguimos enviar: {done.failedUploads.join(' e ')}. Você pode enviar
          depois em Minha Conta.
        </p>
      )}
      <a className="btn btn-secondary" href="/">
        Ir para Home
      </a>
    </div>
  );
}

interface FieldsProps {
  values: Values;
  errors: Errors;
  set: <K extends keyof Values>(key: K, value: Values[K]) => void;
}

/** "Seus dados": name, e-mail, phone (masked in Brazil), country, then CPF/CNPJ or passport. */
function PersonalFields({ values, errors, set }: FieldsProps): ReactNode {
  const brazil = isBrazil(values.country);
  return (
    <fieldset className="fieldset">
      <legend>Seus dados</legend>
      <div className="form-grid">
        <FormField
          label="Nome"
          name="namef"
          autoComplete="given-name"
          value={values.namef}
          onChange={(e) => set('namef', e.target.value)}
          error={errors.namef}
          maxLength={100}
          required
        />
        <FormField
          label="Sobrenome"
          name="namel"
          autoComplete="family-name"
          value={values.namel}
          onChange={(e) => set('namel', e.target.value)}
          error={errors.namel}
          maxLength={100}
          required
        />
        <FormField
          label="E-mail"
          name="user"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.user}
          onChange={(e) => set('user', e.target.value)}
          error={errors.user}
          hint="Seus ingressos ficam na conta deste e-mail."
          wrapperClassName="span-2"
          maxLength={254}
          required
        />
        <FormField
          label="Telefone"
          name="phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder="(11) 98765-4321"
          value={values.phone}
          onChange={(e) => set('phone', brazil ? maskPhone(e.target.value) : e.target.value)}
          error={errors.phone}
          maxLength={30}
          required
        />
        <FormField
          label="País"
          name="country"
          autoComplete="country-name"
          value={values.country}
          onChange={(e) => set('country', e.target.value)}
          error={errors.country}
          maxLength={60}
          required
        />
        {brazil ? (
          <CpfCnpjField
            name="cpfnpj"
            value={values.cpfnpj}
            onValue={(value) => set('cpfnpj', value)}
            error={errors.cpfnpj}
            wrapperClassName="span-2"
            required
          />
        ) : (
          <FormField
            label="Passaporte"
            name="passport"
            value={values.passport}
            onChange={(e) => set('passport', e.target.value)}
            error={errors.passport}
            wrapperClassName="span-2"
            maxLength={30}
            required
          />
        )}
      </div>
    </fieldset>
  );
}

/** "Senha": the password twice, and "Mostrar senha" for both. */
function PasswordFields({ values, errors, set }: FieldsProps): ReactNode {
  const [showPassword, setShowPassword] = useState(false);
  return (
    <fieldset className="fieldset">
      <legend>Senha</legend>
      <div className="form-grid">
        <FormField
          label="Senha"
          name="pw"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          value={values.pw}
          onChange={(e) => set('pw', e.target.value)}
          error={errors.pw}
          hint={M.passwordHint}
          maxLength={MAX_PASSWORD_LENGTH}
          required
        />
        <FormField
          label="Confirmar senha"
          name="pwConfirm"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          value={values.pwConfirm}
          onChange={(e) => set('pwConfirm', e.target.value)}
          error={errors.pwConfirm}
          maxLength={MAX_PASSWORD_LENGTH}
          required
        />
        <label className="checkbox span-2">
          <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
          Mostrar senha
        </label>
      </div>
    </fieldset>
  );
}

function SignUp() {
  const { values, errors, submitting, formError, done, formRef, set, chooseFile, onSubmit } = useSignUp();
  if (done) return <SignUpDone done={done} />;

  return (
    <form ref={formRef} className="card signup-form" noValidate onSubmit={onSubmit} aria-busy={submitting}>
      <PersonalFields values={values} errors={errors} set={set} />
      <PasswordFields values={values} errors={errors} set={set} />

      <fieldset className="fieldset">
        <legend>Documentos</legend>
        <p className="fieldset-hint">
          PDF, JPG ou PNG de até 5 MB. Se preferir, envie depois em Minha Conta.
        </p>
        <div className="form-grid">
          <FormField
            label="Documento de identidade (RG, CNH ou passaporte)"
            name="document"
            type="file"
            accept={DOCUMENT_ACCEPT}
            onChange={(e) => chooseFile('document', e.target.files?.[0])}
            error={errors.document}
          />
          <FormField
            label="Comprovante de residência"
            name="address_proof"
            type="file"
            accept={DOCUMENT_ACCEPT}
            onChange={(e) => chooseFile('address_proof', e.target.files?.[0])}
            error={errors.address_proof}
          />
        </div>
      </fieldset>

      <div className="field terms">
        <label className="checkbox">
          <input
            type="checkbox"
            name="terms"
            checked={values.terms}
            onChange={(e) => set('terms', e.target.checked)}
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? 'terms-error' : undefined}
          />
          <span>
            Li e aceito a <a href="/compras">Política de compras</a> e a{' '}
            <a href="/privacidade">Política de privacidade</a>.
          </span>
        </label>
        {errors.terms && (
          <span className="error" id="terms-error">
            {errors.terms}
          </span>
        )}
      </div>

      {formError && (
        <p className="alert alert-error" role="alert">
          {formError}
        </p>
      )}

      <button type="submit" className="btn btn-primary btn-block signup-submit" disabled={submitting}>
        {submitting ? 'Criando sua conta...' : 'Criar conta'}
      </button>
      <p className="signup-login">
        Já tem conta?{' '}
        <button type="button" className="link-button" onClick={() => void openLoginDialog()}>
          Fazer login
        </button>
      </p>
    </form>
  );
}
