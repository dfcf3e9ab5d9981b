import { showToast } from '@plateia/core';
import { ApiError } from '@plateia/core/api/client';
import {
  createDraftEvent,
  fetchOrganisationEvents,
  ORGANISATION_CALL_FAILED,
  type OrganisationEvent,
  publishEvent,
} from '@plateia/core/api/organisations';
import { formatDateTime } from '@plateia/core/format/dates';
import { formatCents } from '@plateia/core/format/money';
import type { OrganisationRole } from '@plateia/core/messages/organisations';
import { parseReais } from '@plateia/core/rules/money';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { FormField } from '../../components/FormField.tsx';
import { eventPath } from '../../lib/event-format.ts';
import {
  controlsFor,
  type EventForm,
  type EventFormField,
  eventEditPath,
  eventFieldOfMessage,
  eventStatusLabel,
  type LotForm,
  readEventForm,
} from '../../lib/producer-area.ts';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : ORGANISATION_CALL_FAILED);

type Load = { state: 'loading' } | { state: 'error' } | { state: 'done'; events: OrganisationEvent[] };

/**
 * The organisation page's "Eventos": every event of the organisation with its status, date
 * and tickets sold; owners and managers also create drafts and publish them.
 */
export function OrganisationEvents({
  organisationId,
  role,
}: {
  organisationId: number;
  role: OrganisationRole;
}) {
  const controls = controlsFor(role);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [creating, setCreating] = useState(false);
  const [publishing, setPublishing] = useState<number | null>(null);
  const read = useCallback(async () => {
    try {
      setLoad({ state: 'done', events: await fetchOrganisationEvents(organisationId) });
    } catch {
      setLoad({ state: 'error' });
    }
  }, [organisationId]);
  useEffect(() => {
    void read();
  }, [read]);

  async function publish(event: OrganisationEvent) {
    if (!window.confirm(`Publicar "${event.name}"? Ele passa a aparecer na Plateia e a vender ingressos.`))
      return;
    setPublishing(event.id);
    try {
      const answer = await publishEvent(event.id);
      showToast({ kind: 'success', message: answer.message });
    } catch (error) {
      showToast({ kind: 'error', message: messageOf(error) });
    } finally {
      setPublishing(null);
      await read();
    }
  }

  async function created() {
    setCreating(false);
    await read();
  }

  return (
    <section className="card producer-section" aria-labelledby="producer-events-title">
      <div className="producer-section-head">
        <h2 id="producer-events-title">Eventos</h2>
        {controls.editEvents && !creating && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)}>
            Criar evento
          </button>
        )}
      </div>
      {load.state === 'loading' && <div className="friends-skeleton" aria-busy="true" />}
      {load.state === 'error' && <ErrorCard onRetry={() => void read()} />}
      {load.state === 'done' &&
        (load.events.length === 0 ? (
          <p className="muted">Nenhum evento ainda.</p>
        ) : (
          <ul className="producer-list">
            {load.events.map((event) => (
              <li key={event.id} className="producer-item" data-testid="organisation-event">
                <span className="producer-item-main">
                  <strong>{event.name}</strong>
                  <span className="muted">
                    {formatDateTime(event.startsAt)} ·{' '}
                    {event.ticketsSold === 1
                      ? '1 ingresso vendido'
                      : `${event.ticketsSold} ingressos vendidos`}
                  </span>
                </span>
                <span className="producer-item-actions">
                  <span className="producer-status" data-status={event.status}>
                    {eventStatusLabel(event.status)}
                  </span>
                  {(event.status === 'published' || event.status === 'changed') && (
                    <a className="btn btn-ghost btn-sm" href={eventPath(event)}>
                      Ver página pública
                    </a>
                  )}
                  {controls.editEvents && (
                    <a
                      className="btn btn-ghost btn-sm"
                      href={eventEditPath(event.id)}
                      aria-label={`Editar ${event.name}`}
                    >
                      Editar
                    </a>
                  )}
                  {event.status === 'draft' && controls.editEvents && (
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      disabled={publishing === event.id}
                      onClick={() => void publish(event)}
                    >
                      Publicar
                    </button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        ))}
      {creating && (
        <DraftEventForm
          organisationId={organisationId}
          onCreated={created}
          onCancel={() => setCreating(false)}
        />
      )}
    </section>
  );
}

const emptyLot = (): LotForm => ({ name: '', price: '', quantity: '', perOrderLimit: '' });

const emptyForm = (): EventForm => ({
  name: '',
  venue: '',
  city: '',
  startsAt: '',
  endsAt: '',
  description: '',
  meiaPercent: '40',
  lots: [emptyLot()],
});

type Errors = Partial<Record<EventFormField, string>>;

interface DraftEventFormProps {
  organisationId: number;
  onCreated: () => Promise<void>;
  onCancel: () => void;
}

/** "Criar evento": a draft with its general-admission lots, checked here and by the API. */
function DraftEventForm({ organisationId, onCreated, onCancel }: DraftEventFormProps) {
  const [form, setForm] = useState<EventForm>(emptyForm);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const descriptionId = useId();
  const lotsErrorId = useId();

  const set = (field: Exclude<keyof EventForm, 'lots'>) => (e: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: e.target.value }));
  const setLot = (index: number, field: keyof LotForm) => (e: { target: { value: string } }) =>
    setForm((current) => ({
      ...current,
      lots: current.lots.map((lot, at) => (at === index ? { ...lot, [field]: e.target.value } : lot)),
    }));

  function addLot() {
    setForm((current) => ({ ...current, lots: [...current.lots, emptyLot()] }));
  }

  function removeLot(index: number) {
    setForm((current) => ({ ...current, lots: current.lots.filter((_, at) => at !== index) }));
    setErrors({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const reading = readEventForm(form);
    if (!reading.ok) {
      setErrors(reading.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await createDraftEvent(organisationId, reading.input);
      showToast({ kind: 'success', message: answer.message });
      setForm(emptyForm());
      await onCreated();
    } catch (error) {
      const message = messageOf(error);
      const field = error instanceof ApiError && error.status === 400 ? eventFieldOfMessage(message) : null;
      if (field) setErrors({ [field]: message });
      else showToast({ kind: 'error', message });
    } finally {
      setBusy(false);
    }
  }

  // The price as it will be charged, under the field, once it reads as an amount.
  const priceHint = (text: string) => {
    const price = text.trim() ? parseReais(text) : null;
    return price?.ok ? formatCents(price.cents) : 'Em reais; 0 para gratuito.';
  };

  return (
    <form
      className="producer-event-form"
      noValidate
      onSubmit={submit}
      aria-busy={busy}
      aria-label="Criar evento"
    >
      <h3>Criar evento</h3>
      <p className="muted">
        O evento começa como rascunho: só a equipe o vê até ser publicado. Datas e horas no horário de
        Brasília.
      </p>
      <div className="producer-event-grid">
        <FormField
          label="Nome do evento"
          name="name"
          maxLength={200}
          value={form.name}
          onChange={set('name')}
          error={errors.name}
          wrapperClassName="span-2"
        />
        <FormField
          label="Local"
          name="venue"
          maxLength={200}
          value={form.venue}
          onChange={set('venue')}
          error={errors.venue}
        />
        <FormField
          label="Cidade"
          name="city"
          maxLength={120}
          value={form.city}
          onChange={set('city')}
          error={errors.city}
        />
        <FormField
          label="Início"
          name="startsAt"
          type="datetime-local"
          value={form.startsAt}
          onChange={set('startsAt')}
          error={errors.startsAt}
        />
        <FormField
          label="Término"
          name="endsAt"
          type="datetime-local"
          value={form.endsAt}
          onChange={set('endsAt')}
          error={errors.endsAt}
        />
        <div className="field span-2">
          <label htmlFor={descriptionId}>Descrição</label>
          <textarea
            id={descriptionId}
            className="input"
            rows={4}
            maxLength={10_000}
            value={form.description}
            onChange={set('description')}
          />
        </div>
        <FormField
          label="Meia-entrada (%)"
          name="meiaPercent"
          type="number"
          inputMode="numeric"
          min={40}
          max={100}
          step={1}
          value={form.meiaPercent}
          onChange={set('meiaPercent')}
          hint="Parte dos ingressos reservada à meia-entrada: no mínimo 40%, como manda a lei."
          error={errors.meiaPercent}
        />
      </div>

      <fieldset className="producer-lots" aria-describedby={errors.lots ? lotsErrorId : undefined}>
        <legend>Lotes</legend>
        {form.lots.map((lot, index) => (
          // Lots have no identity of their own until created; their order is what the API keeps.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className="producer-lot" data-testid="draft-lot">
            <FormField
              label={`Nome do lote ${index + 1}`}
              maxLength={120}
              value={lot.name}
              onChange={setLot(index, 'name')}
              error={errors[`lots.${index}.name`]}
            />
            <FormField
              label={`Preço do lote ${index + 1}`}
              inputMode="decimal"
              value={lot.price}
              onChange={setLot(index, 'price')}
              hint={priceHint(lot.price)}
              error={errors[`lots.${index}.price`]}
            />
            <FormField
              label={`Quantidade do lote ${index + 1}`}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={lot.quantity}
              onChange={setLot(index, 'quantity')}
              error={errors[`lots.${index}.quantity`]}
            />
            <FormField
              label={`Limite por pedido do lote ${index + 1}`}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              step={1}
              value={lot.perOrderLimit}
              onChange={setLot(index, 'perOrderLimit')}
              hint="Opcional."
              error={errors[`lots.${index}.perOrderLimit`]}
            />
            {form.lots.length > 1 && (
              <div>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Remover lote ${index + 1}`}
                  onClick={() => removeLot(index)}
                >
                  Remover
                </button>
              </div>
            )}
          </div>
        ))}
        {errors.lots && (
          <p className="error" id={lotsErrorId} role="alert">
            {errors.lots}
          </p>
        )}
        <div>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={addLot}
            disabled={form.lots.length >= 50}
          >
            Adicionar lote
          </button>
        </div>
      </fieldset>

      <div className="producer-item-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Criar rascunho
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
