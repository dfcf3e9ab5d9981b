import { showToast } from '@plateia/core';
import { ApiError } from '@plateia/core/api/client';
import {
  addEventLot,
  duplicateEvent,
  fetchManagedEvent,
  type ManagedEvent,
  ORGANISATION_CALL_FAILED,
  saveEvent,
} from '@plateia/core/api/organisations';
import { formatDateTime } from '@plateia/core/format/dates';
import { formatCents } from '@plateia/core/format/money';
import { PRODUCER_EVENT_MESSAGES } from '@plateia/core/messages/producer-events';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { FormField } from '../../components/FormField.tsx';
import {
  type EventEditField,
  type EventEditForm,
  editFieldOfMessage,
  eventEditPath,
  eventStatusLabel,
  isoToSaoPauloLocal,
  type NewLotForm,
  organisationPath,
  readEventEditForm,
  readNewLotForm,
} from '../../lib/producer-area.ts';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : ORGANISATION_CALL_FAILED);

type Load =
  | { state: 'loading' }
  | { state: 'missing'; message: string }
  | { state: 'error' }
  | { state: 'done'; event: ManagedEvent };

/**
 * One event in the producer area (`/produtor/eventos/{id}`, owners and managers): its details,
 * refund policy and high-demand switch, its lots with a form for the next one, and a copy as
 * a new draft (docs/producers.md, "Editing an event").
 */
export default function EventEditor({ eventId }: { eventId: number }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [copying, setCopying] = useState(false);
  const read = useCallback(async () => {
    try {
      setLoad({ state: 'done', event: await fetchManagedEvent(eventId) });
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 403 || status === 404) setLoad({ state: 'missing', message: messageOf(error) });
      else setLoad({ state: 'error' });
    }
  }, [eventId]);
  useEffect(() => {
    void read();
  }, [read]);

  async function copy() {
    setCopying(true);
    try {
      const answer = await duplicateEvent(eventId);
      showToast({ kind: 'success', message: answer.message });
      window.location.assign(eventEditPath(answer.id));
    } catch (error) {
      showToast({ kind: 'error', message: messageOf(error) });
      setCopying(false);
    }
  }

  if (load.state === 'loading') return <div className="friends-skeleton" aria-busy="true" />;
  if (load.state === 'error') return <ErrorCard onRetry={() => void read()} />;
  if (load.state === 'missing') return <p className="card producer-section">{load.message}</p>;
  const { event } = load;
  const editable = event.status !== 'cancelled' && event.status !== 'past';
  return (
    <div className="producer-event-page">
      <header className="producer-head">
        <a href={organisationPath(event.organisationId)}>← Voltar para a organização</a>
        <h1 className="page-title">{event.name}</h1>
        <p className="muted">
          <span className="producer-status" data-status={event.status}>
            {eventStatusLabel(event.status)}
          </span>{' '}
          {formatDateTime(event.startsAt)} · {event.venue}, {event.city}
        </p>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={copying}
          onClick={() => void copy()}
        >
          Duplicar evento
        </button>
      </header>
      {editable ? (
        <EventDetailsForm event={event} onSaved={(saved) => setLoad({ state: 'done', event: saved })} />
      ) : (
        <p className="card producer-section">
          {event.status === 'cancelled'
            ? PRODUCER_EVENT_MESSAGES.eventCancelled
            : PRODUCER_EVENT_MESSAGES.eventPast}
        </p>
      )}
      <EventLots event={event} editable={editable} onAdded={() => void read()} />
    </div>
  );
}

const formOf = (event: ManagedEvent): EventEditForm => ({
  name: event.name,
  venue: event.venue,
  city: event.city,
  startsAt: isoToSaoPauloLocal(event.startsAt),
  endsAt: isoToSaoPauloLocal(event.endsAt),
  description: event.description,
  refundPolicy: event.refundPolicy,
  highDemand: event.highDemand !== null,
  queueOpensAt: event.highDemand ? isoToSaoPauloLocal(event.highDemand.queueOpensAt) : '',
  saleStartsAt: event.highDemand ? isoToSaoPauloLocal(event.highDemand.saleStartsAt) : '',
});

/** "Dados do evento": details, refund policy and the high-demand switch. */
function EventDetailsForm({
  event,
  onSaved,
}: {
  event: ManagedEvent;
  onSaved: (event: ManagedEvent) => void;
}) {
  const [form, setForm] = useState<EventEditForm>(() => formOf(event));
  const [errors, setErrors] = useState<Partial<Record<EventEditField, string>>>({});
  const [saving, setSaving] = useState(false);
  const descriptionId = useId();
  const policyId = useId();
  const policyHintId = useId();
  const policyErrorId = useId();
  const set = (field: EventEditField) => (change: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((current) => ({ ...current, [field]: change.target.value }));

  async function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const reading = readEventEditForm(form);
    if (!reading.ok) {
      setErrors(reading.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const answer = await saveEvent(event.id, reading.input);
      showToast({ kind: 'success', message: answer.message });
      onSaved(answer.event);
    } catch (error) {
      const message = messageOf(error);
      const field = editFieldOfMessage(message);
      if (field) setErrors({ [field]: message });
      else showToast({ kind: 'error', message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="card producer-section producer-event-form"
      aria-label="Dados do evento"
      onSubmit={submit}
      noValidate
    >
      <h2>Dados do evento</h2>
      <p className="muted">
        Mudar a data ou o local de um evento publicado o marca como alterado, e quem já comprou pode pedir
        reembolso.
      </p>
      <div className="producer-event-grid">
        <FormField
          label="Nome do evento"
          wrapperClassName="span-2"
          value={form.name}
          onChange={set('name')}
          error={errors.name}
          maxLength={200}
        />
        <FormField
          label="Local"
          value={form.venue}
          onChange={set('venue')}
          error={errors.venue}
          maxLength={200}
        />
        <FormField
          label="Cidade"
          value={form.city}
          onChange={set('city')}
          error={errors.city}
          maxLength={120}
        />
        <FormField
          label="Início"
          type="datetime-local"
          value={form.startsAt}
          onChange={set('startsAt')}
          error={errors.startsAt}
          hint="Horário de Brasília"
        />
        <FormField
          label="Término"
          type="datetime-local"
          value={form.endsAt}
          onChange={set('endsAt')}
          error={errors.endsAt}
          hint="Horário de Brasília"
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
        <div className="field span-2">
          <label htmlFor={policyId}>Política de reembolso</label>
          <textarea
            id={policyId}
            className="input"
            rows={3}
            maxLength={2000}
            value={form.refundPolicy}
            onChange={set('refundPolicy')}
            aria-invalid={errors.refundPolicy ? true : undefined}
            aria-describedby={[policyHintId, errors.refundPolicy ? policyErrorId : ''].join(' ').trim()}
          />
          <span className="hint" id={policyHintId}>
            Aparece para quem compra, na página do evento. Os direitos do comprador previstos em lei valem
            sempre.
          </span>
          {errors.refundPolicy && (
            <span className="error" id={policyErrorId}>
              {errors.refundPolicy}
            </span>
          )}
        </div>
        <fieldset className="span-2 producer-lots">
          <legend>Alta demanda</legend>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.highDemand}
              onChange={(change) => setForm((current) => ({ ...current, highDemand: change.target.checked }))}
            />{' '}
            Vender pela fila virtual (sala de espera)
          </label>
          {form.highDemand && (
            <div className="producer-event-grid">
              <FormField
                label="Abertura da sala de espera"
                type="datetime-local"
                value={form.queueOpensAt}
                onChange={set('queueOpensAt')}
                error={errors.queueOpensAt}
                hint="Horário de Brasília"
              />
              <FormField
                label="Início das vendas pela fila"
                type="datetime-local"
                value={form.saleStartsAt}
                onChange={set('saleStartsAt')}
                error={errors.saleStartsAt}
                hint="Quem chegar antes entra na pré-fila, sorteada nesse momento."
              />
            </div>
          )}
        </fieldset>
      </div>
      <button type="submit" className="btn btn-primary" disabled={saving}>
        Salvar alterações
      </button>
    </form>
  );
}

const emptyLot = (): NewLotForm => ({
  name: '',
  price: '',
  quantity: '',
  perOrderLimit: '',
  salesStart: '',
  salesEnd: '',
});

/** "Lotes": the lots in selling order, and the next one (a new price never changes a lot sold). */
function EventLots({
  event,
  editable,
  onAdded,
}: {
  event: ManagedEvent;
  editable: boolean;
  onAdded: () => void;
}) {
  const [form, setForm] = useState<NewLotForm>(emptyLot);
  const [errors, setErrors] = useState<Partial<Record<keyof NewLotForm, string>>>({});
  const [adding, setAdding] = useState(false);
  const set = (field: keyof NewLotForm) => (change: ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: change.target.value }));

  async function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const reading = readNewLotForm(form);
    if (!reading.ok) {
      setErrors(reading.errors);
      return;
    }
    setErrors({});
    setAdding(true);
    try {
      const answer = await addEventLot(event.id, reading.input);
      showToast({ kind: 'success', message: answer.message });
      setForm(emptyLot());
      onAdded();
    } catch (error) {
      const message = messageOf(error);
      if (message === PRODUCER_EVENT_MESSAGES.lotWindow) setErrors({ salesEnd: message });
      else if (message === PRODUCER_EVENT_MESSAGES.lotOnSeatedType) setErrors({ name: message });
      else showToast({ kind: 'error', message });
    } finally {
      setAdding(false);
    }
  }

  return (
    <section className="card producer-section" aria-labelledby="event-lots-title">
      <h2 id="event-lots-title">Lotes</h2>
      <ul className="producer-list">
        {event.lots.map((lot) => (
          <li key={lot.id} className="producer-item" data-testid="event-lot">
            <span className="producer-item-main">
              <strong>
                {lot.name} · {lot.lotNumber}º lote
              </strong>
              <span className="muted">
                {formatCents(lot.priceCents)} · {lot.taken} de {lot.quantity} vendidos ou reservados · até{' '}
                {lot.perOrderLimit} por compra
                {lot.salesStart ? ` · vendas a partir de ${formatDateTime(lot.salesStart)}` : ''}
                {lot.salesEnd ? ` · até ${formatDateTime(lot.salesEnd)}` : ''}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {editable && (
        <form className="producer-event-form" aria-label="Adicionar lote" onSubmit={submit} noValidate>
          <h3>Adicionar lote</h3>
          <p className="muted">
            Os lotes já vendidos não mudam. Para um novo preço, adicione um lote com o mesmo nome do tipo de
            ingresso: ele começa a vender quando o anterior esgotar ou no início das vendas que você definir.
          </p>
          <div className="producer-event-grid">
            <FormField
              label="Tipo de ingresso"
              value={form.name}
              onChange={set('name')}
              error={errors.name}
              maxLength={120}
              hint="Use o mesmo nome para continuar um tipo (ex.: Pista)."
            />
            <FormField
              label="Preço"
              inputMode="decimal"
              value={form.price}
              onChange={set('price')}
              error={errors.price}
              hint="Em reais, ex.: 90,00"
            />
            <FormField
              label="Quantidade"
              inputMode="numeric"
              value={form.quantity}
              onChange={set('quantity')}
              error={errors.quantity}
            />
            <FormField
              label="Limite por pedido"
              inputMode="numeric"
              value={form.perOrderLimit}
              onChange={set('perOrderLimit')}
              error={errors.perOrderLimit}
              hint="Opcional; 10 se vazio."
            />
            <FormField
              label="Início das vendas"
              type="datetime-local"
              value={form.salesStart}
              onChange={set('salesStart')}
              error={errors.salesStart}
              hint="Opcional: vira o lote nessa hora."
            />
            <FormField
              label="Fim das vendas"
              type="datetime-local"
              value={form.salesEnd}
              onChange={set('salesEnd')}
              error={errors.salesEnd}
              hint="Opcional."
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={adding}>
            Adicionar lote
          </button>
        </form>
      )}
    </section>
  );
}
