import {
  PRODUCER_APPLICATION_MESSAGES,
  PRODUCER_AUDIENCE_SIZES,
  type ProducerAudienceSize,
} from '@plateia/core/messages/producer-application';
import { isValidEmail } from '@plateia/core/rules/email';
import { sendProducerApplication } from '@plateia/core/stores/producer-application';
import { type FormEvent, useState } from 'react';
import { FormField } from '../components/FormField.tsx';

type Fields = { name: string; email: string; phone: string; company: string; city: string; event: string };

/** The "Seja produtor" application form: stored and e-mailed to the producer team. */
export default function ProducerApplicationForm() {
  const [fields, setFields] = useState<Fields>({
    name: '',
    email: '',
    phone: '',
    company: '',
    city: '',
    event: '',
  });
  const [audience, setAudience] = useState<ProducerAudienceSize>('ate-500');
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [state, setState] = useState<
    { kind: 'idle' | 'sending' } | { kind: 'done' | 'error'; message: string }
  >({ kind: 'idle' });
  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Partial<Record<keyof Fields, string>> = {};
    if (!fields.name.trim()) next.name = PRODUCER_APPLICATION_MESSAGES.nameRequired;
    if (!isValidEmail(fields.email.trim())) next.email = PRODUCER_APPLICATION_MESSAGES.emailInvalid;
    if (fields.phone.replace(/\D/g, '').length < 10) next.phone = PRODUCER_APPLICATION_MESSAGES.phoneRequired;
    if (!fields.event.trim()) next.event = PRODUCER_APPLICATION_MESSAGES.eventRequired;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setState({ kind: 'sending' });
    const sent = await sendProducerApplication({
      name: fields.name.trim(),
      email: fields.email.trim(),
      phone: fields.phone.trim(),
      company: fields.company.trim(),
      city: fields.city.trim(),
      audience,
      event: fields.event.trim(),
    });
    setState({ kind: sent.ok ? 'done' : 'error', message: sent.message });
  }

  if (state.kind === 'done') {
    return (
      <div className="card status-card" role="status">
        <h2>Solicitação enviada</h2>
        <p>{state.message}</p>
      </div>
    );
  }
  return (
    <form className="card producer-form" noValidate onSubmit={onSubmit} aria-busy={state.kind === 'sending'}>
      <h2>Quero vender com a Plateia</h2>
      <FormField
        label="Nome"
        name="name"
        autoComplete="name"
        value={fields.name}
        onChange={set('name')}
        error={errors.name ?? null}
      />
      <FormField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        value={fields.email}
        onChange={set('email')}
        error={errors.email ?? null}
      />
      <FormField
        label="Telefone com DDD"
        name="phone"
        type="tel"
        autoComplete="tel"
        value={fields.phone}
        onChange={set('phone')}
        error={errors.phone ?? null}
      />
      <FormField
        label="Empresa ou produtora (opcional)"
        name="company"
        value={fields.company}
        onChange={set('company')}
      />
      <FormField label="Cidade (opcional)" name="city" value={fields.city} onChange={set('city')} />
      <div className="field">
        <label htmlFor="producer-audience">Público esperado</label>
        <select
          id="producer-audience"
          className="input"
          value={audience}
          onChange={(e) => setAudience(e.target.value as ProducerAudienceSize)}
        >
          {Object.entries(PRODUCER_AUDIENCE_SIZES).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="producer-event">Conte sobre o seu evento</label>
        <textarea
          id="producer-event"
          className="input"
          rows={5}
          maxLength={3000}
          value={fields.event}
          onChange={set('event')}
          aria-invalid={errors.event ? true : undefined}
        />
        {errors.event && <span className="error">{errors.event}</span>}
      </div>
      {state.kind === 'error' && (
        <p className="error" role="alert">
          {state.message}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={state.kind === 'sending'}>
          Enviar solicitação
        </button>
      </div>
    </form>
  );
}
