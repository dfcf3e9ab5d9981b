import { SUPPORT_CATEGORIES, SUPPORT_MESSAGES, type SupportCategory } from '@plateia/core/messages/support';
import { createSupportRequest, type SupportAttachment } from '@plateia/core/stores/support';
import { type FormEvent, useEffect, useState } from 'react';
import { AccountGate } from '../components/AccountGate.tsx';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { FormField } from '../components/FormField.tsx';
import { DOCUMENT_ACCEPT, documentFileProblem, readFileAsBase64 } from '../lib/document-file.ts';
import { fetchMyTickets, type MyTicket } from '../lib/my-tickets.ts';

/** `/support/create` ("ABRIR SUPORTE"): subject, category, the order or ticket, text, attachments. */
export default function SupportCreateForm() {
  return (
    <ErrorBoundary>
      <AccountGate reason="Faça login para abrir um suporte.">{() => <CreateForm />}</AccountGate>
    </ErrorBoundary>
  );
}

/** What a file picked as an attachment is about: the order or ticket option value. */
function aboutOptions(tickets: MyTicket[]): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = [];
  const orders = new Set<number>();
  for (const ticket of tickets) {
    if (ticket.order && !orders.has(ticket.order.id)) {
      orders.add(ticket.order.id);
      options.push({
        value: `order:${ticket.order.id}`,
        label: `Pedido ${ticket.order.number} · ${ticket.event.name}`,
      });
    }
  }
  for (const ticket of tickets) {
    options.push({
      value: `ticket:${ticket.id}`,
      label: `Ingresso #${ticket.id} · ${ticket.ticketType.name} · ${ticket.event.name}`,
    });
  }
  return options;
}

function CreateForm() {
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState<SupportCategory | ''>('');
  const [about, setAbout] = useState('');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    fetchMyTickets().then(
      (tickets) => setOptions(aboutOptions(tickets)),
      () => setOptions([]),
    );
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!subject.trim()) next.subject = SUPPORT_MESSAGES.subjectRequired;
    if (!category) next.category = SUPPORT_MESSAGES.categoryRequired;
    if (!text.trim()) next.text = SUPPORT_MESSAGES.textRequired;
    if (files.length > 3) next.files = SUPPORT_MESSAGES.tooManyAttachments;
    const fileProblem = files.map(documentFileProblem).find(Boolean);
    if (fileProblem) next.files = fileProblem;
    setErrors(next);
    if (Object.keys(next).length > 0 || !category) return;
    setBusy(true);
    const attachments: SupportAttachment[] = await Promise.all(
      files.map(async (file) => ({ fileName: file.name, fileBase64: await readFileAsBase64(file) })),
    );
    const [kind, id] = about.split(':');
    const id_ = Number(id);
    const created = await createSupportRequest({
      subject: subject.trim(),
      category,
      text: text.trim(),
      ...(kind === 'order' ? { order_id: id_ } : {}),
      ...(kind === 'ticket' ? { ticket_id: id_ } : {}),
      ...(attachments.length ? { attachments } : {}),
    });
    if (created.ok) globalThis.location.assign(`/support/${created.value}`);
    else setBusy(false);
  }

  return (
    <form className="card support-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <FormField
        label="Assunto"
        name="subject"
        maxLength={150}
        value={subject}
        error={errors.subject ?? null}
        onChange={(e) => setSubject(e.target.value)}
      />
      <div className="field">
        <label htmlFor="support-category">Categoria</label>
        <select
          id="support-category"
          className="input"
          value={category}
          onChange={(e) => setCategory(e.target.value as SupportCategory)}
          aria-invalid={errors.category ? true : undefined}
        >
          <option value="">Escolha uma categoria</option>
          {Object.entries(SUPPORT_CATEGORIES).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
        {errors.category && <span className="error">{errors.category}</span>}
      </div>
      <div className="field">
        <label htmlFor="support-about">Pedido ou ingresso (opcional)</label>
        <select id="support-about" className="input" value={about} onChange={(e) => setAbout(e.target.value)}>
          <option value="">Nenhum em específico</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="support-text">Mensagem</label>
        <textarea
          id="support-text"
          className="input"
          rows={6}
          maxLength={5000}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={errors.text ? true : undefined}
        />
        {errors.text && <span className="error">{errors.text}</span>}
      </div>
      <div className="field">
        <label htmlFor="support-files">Anexos (até 3 arquivos PDF, JPEG ou PNG, 5 MB no total)</label>
        <input
          id="support-files"
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
        />
        {errors.files && <span className="error">{errors.files}</span>}
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Enviar suporte
        </button>
      </div>
    </form>
  );
}
